// The record that an erasure was asked for and carried out: the back office's list of data requests
// shows it, and it is the shop's proof it acted (who asked, when; nothing about what was erased).
export function erasureRecordStatement(
  db: D1Database,
  userId: number,
  by: { source: 'shopper' } | { source: 'staff'; staffId: number },
  lang: 'en' | 'ar',
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO data_requests (user_id, kind, status, source, staff_id, lang, created_at, done_at) VALUES (?, 'erasure', 'done', ?, ?, ?, ?, ?)",
    )
    .bind(userId, by.source, by.source === 'staff' ? by.staffId : null, lang, now, now);
}
