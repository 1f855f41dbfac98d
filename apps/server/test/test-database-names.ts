/**
 * The template every test file copies, named per run (two runs against one server at once,
 * say a developer's and CI's, must not drop each other's template).
 */
export function templateDatabaseName(): string {
  return `sagano_test_template_${process.pid}_${Date.now().toString(36)}`;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
