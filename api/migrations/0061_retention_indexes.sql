-- Retention of operational tables (issue 48): each rule of api/src/retention/windows.ts picks its
-- rows through an index, so the hourly run reads only the rows it removes, however large the table.
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
-- Mails and texts whose bodies are still there, by when they were delivered or last failed.
CREATE INDEX mail_outbox_bodies_delivered ON mail_outbox (delivered_at) WHERE body_text <> '';
CREATE INDEX mail_outbox_bodies_failed ON mail_outbox (failed_at) WHERE body_text <> '';
CREATE INDEX message_outbox_created ON message_outbox (created_at);
CREATE INDEX message_outbox_bodies_delivered ON message_outbox (delivered_at) WHERE body_text <> '';
CREATE INDEX message_outbox_bodies_failed ON message_outbox (failed_at) WHERE body_text <> '';
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
CREATE INDEX rate_events_at ON rate_events (at);
CREATE INDEX failed_logins_at ON failed_logins (at);
CREATE INDEX devices_created ON devices (created_at);
CREATE INDEX phone_known_devices_device ON phone_known_devices (device_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX sessions_revoked ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX password_resets_expires ON password_resets (expires_at);
CREATE INDEX email_verifications_expires ON email_verifications (expires_at);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);
CREATE INDEX staff_sessions_revoked ON staff_sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX staff_sign_in_tickets_expires ON staff_sign_in_tickets (expires_at);
CREATE INDEX staff_invitations_expires ON staff_invitations (expires_at);
CREATE INDEX search_terms_created ON search_terms (created_at);
CREATE INDEX search_query_log_last_seen ON search_query_log (last_seen);
CREATE INDEX alert_waves_at ON alert_waves (at);
CREATE INDEX alert_deliveries_at ON alert_deliveries (at);
CREATE INDEX notify_requests_notified ON notify_requests (notified_at) WHERE notified_at IS NOT NULL;
CREATE INDEX notify_requests_created ON notify_requests (created_at) WHERE notified_at IS NULL;
CREATE INDEX points_expiry_notices_day ON points_expiry_notices (expires_on);
