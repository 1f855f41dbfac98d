import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@sagano/domain/auth/auth-schemas';
import { CSRF_COOKIE } from '@sagano/domain/auth/auth-cookies';
import { initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { json, waitFor } from '../test/screen.ts';
import { shellLoader } from './route-guards.ts';

const me: MeResponse = {
  user: {
    uid: 'u1',
    email: 'staff@example.com',
    name: '事務 太郎',
    language_code: 'ja',
    kind: 'OPERATOR',
    role: 'saganoStaff',
    user_group: 'BACK_OFFICE',
    user_type: 'STAFF',
    agent_id: null,
    agent_sub_group_id: null,
    staff_type: null,
    totp_enrolled: false,
    totp_setup_required: false,
  },
  expires_at: '2099-01-01T00:00:00Z',
};

/** A fake API whose /v1/auth/me answers only when `answerMe` is called; the paths asked for, in order. */
function slowSessionApi() {
  const paths: string[] = [];
  let answerMe: (response: Response) => void = () => {};
  const meAnswered = new Promise<Response>((resolve) => (answerMe = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      paths.push(path);
      if (path === '/v1/auth/me') return meAnswered;
      if (path === '/v1/stations') return json(200, { stations: [], directions: [] });
      if (path === '/v1/trains') return json(200, { trains: [] });
      if (path === '/v1/units') return json(200, { units: [] });
      return json(200, { arrangement_types: [] });
    }),
  );
  return { paths, answerMe: (response: Response) => answerMe(response) };
}

const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: undefined, unstable_pattern: path }) as unknown as Parameters<ReturnType<typeof shellLoader>>[0];
const REFERENCE = ['/v1/stations', '/v1/trains', '/v1/units', '/v1/arrangements-types'];

describe("the shell's loader", () => {
  beforeAll(async () => {
    await initI18n('ja');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = `${CSRF_COOKIE}=; path=/; max-age=0`;
  });

  it('asks for the reference lists beside the session check when the session cookie is there', async () => {
    document.cookie = `${CSRF_COOKIE}=token; path=/`;
    const api = slowSessionApi();
    const loaded = shellLoader(createQueryClient())(args('/bookings'));
    // The session has not answered yet, and the lists are on their way.
    await waitFor(() => REFERENCE.every((p) => api.paths.includes(p)));
    api.answerMe(json(200, me));
    await expect(loaded).resolves.toBeNull();
    // Each list once: the ones asked for early are fresh.
    expect(api.paths.filter((p) => p === '/v1/stations')).toHaveLength(1);
  });

  it('asks for nothing but the session check without the cookie, and sends the visitor to sign in', async () => {
    const api = slowSessionApi();
    const loaded = shellLoader(createQueryClient())(args('/bookings'));
    const thrown = await loaded.catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirect=%2Fbookings');
    expect(api.paths).toEqual([]);
  });
});
