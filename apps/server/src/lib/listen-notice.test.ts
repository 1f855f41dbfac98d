import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { listenNotice } from './listen-notice.ts';

describe('where the server listens', () => {
  it('is this machine only while demo data is on (its password is published), unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO_DATA: 'on' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_DATA: 'off' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_DATA: 'off', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('takes PUBLIC_URL as an http(s) address, localhost on the port by default', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PUBLIC_URL: 'https://groups.sagano.example/' }).publicUrl).toBe('https://groups.sagano.example');
    expect(() => loadConfig({ PUBLIC_URL: 'groups.sagano.example' })).toThrow('PUBLIC_URL must be an http:// or https:// address');
  });

  it('is said at start, with how to open it and which address to browse', () => {
    const local = listenNotice(loadConfig({}));
    expect(local.level).toBe('info');
    expect(local.message).toBe(
      'listening on http://127.0.0.1:3000: this machine only (demo data on, its password is published); HOST=0.0.0.0 opens it to the network (README "Opening it to a network"); browse http://localhost:3000 (PUBLIC_URL: links in mails point there)',
    );
    const open = listenNotice(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'http://192.168.1.20:3000' }));
    expect(open.level).toBe('warn');
    expect(open.message).toContain('open to the network with demo data on');
    expect(open.message).toContain('browse http://192.168.1.20:3000');
    expect(listenNotice(loadConfig({ DEMO_DATA: 'off', HOST: '::', PUBLIC_URL: 'https://groups.sagano.example' }))).toEqual({
      level: 'info',
      message: 'listening on http://[::]:3000; browse https://groups.sagano.example (PUBLIC_URL: links in mails point there)',
    });
  });
});
