export const TEMPLATE_DATABASE = 'sagano_test_template';

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
