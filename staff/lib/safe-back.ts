// Where a form may send the staff member back to: a path of this app, never another origin
// ("//evil.example", "/\\evil.example", "https://…").
export function safeBack(value: string): string {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : '/';
}
