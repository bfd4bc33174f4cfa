-- A guest's kept cart is found by her e-mail's identity alone, so anyone who knew the address could
-- replace it (POST /cart/saved) and choose what her reminders name. The browser that kept it, or that
-- brought it back by its reminder's signed link, is recorded: a change from another browser while it is
-- open closes it instead of replacing it (api/src/carts/saved.ts keepCart). NULL for an account's cart,
-- whose session decides.
ALTER TABLE saved_carts ADD COLUMN keeper_device TEXT;
