import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { returnBaseUrl } from './return-base-url.ts';

const server = { publicUrl: 'http://localhost:3000', port: 3000 };
const asked = (host: string, protocol: 'http' | 'https' = 'http') => returnBaseUrl({ host, protocol } as FastifyRequest, server);

describe('returnBaseUrl', () => {
  it('answers PUBLIC_URL (with its path) for a request made to it', () => {
    expect(asked('localhost:3000')).toBe('http://localhost:3000');
    expect(returnBaseUrl({ host: 'groups.sagano.example', protocol: 'https' } as FastifyRequest, { publicUrl: 'https://groups.sagano.example/app', port: 3000 })).toBe('https://groups.sagano.example/app');
  });

  it("answers this server's own address the caller browses, on its port", () => {
    expect(asked('127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(asked('127.0.1.1:3000')).toBe('http://127.0.1.1:3000');
    expect(asked('[::1]:3000')).toBe('http://[::1]:3000');
    expect(returnBaseUrl({ host: 'localhost:3000', protocol: 'http' } as FastifyRequest, { publicUrl: 'https://groups.sagano.example', port: 3000 })).toBe('http://localhost:3000');
  });

  it('answers an address of one of this machine’s interfaces', () => {
    const own = Object.values(networkInterfaces()).flatMap((list) => list ?? []).find((a) => a.family === 'IPv4' && !a.internal);
    // A machine with no network beyond loopback has nothing to try here.
    if (!own) return;
    expect(asked(`${own.address}:3000`)).toBe(`http://${own.address}:3000`);
  });

  it('never answers a host this server cannot vouch for, nor its own address on another port', () => {
    expect(asked('evil.example:3000')).toBe('http://localhost:3000');
    expect(asked('evil.example')).toBe('http://localhost:3000');
    expect(asked('localhost.evil.example:3000')).toBe('http://localhost:3000');
    expect(asked('127.0.0.1.nip.io:3000')).toBe('http://localhost:3000');
    expect(asked('127.0.0.1:4000')).toBe('http://localhost:3000');
    expect(asked('127.0.0.1')).toBe('http://localhost:3000');
    expect(asked('127.0.0.1:3000/evil.example')).toBe('http://localhost:3000');
    expect(asked('user@127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(asked('bad host')).toBe('http://localhost:3000');
    expect(asked('')).toBe('http://localhost:3000');
  });
});
