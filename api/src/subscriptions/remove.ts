// A removed account's subscribe and save: its subscriptions and their runs go (nothing is placed or
// charged after), and so do the cards the gateway keeps for it. Before its addresses, which the
// subscriptions name.
export function removeUserSubscriptionStatements(db: D1Database, userId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'DELETE FROM subscription_runs WHERE subscription_id IN (SELECT id FROM subscriptions WHERE user_id = ?)',
      )
      .bind(userId),
    db.prepare('DELETE FROM subscriptions WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM saved_cards WHERE user_id = ?').bind(userId),
  ];
}
