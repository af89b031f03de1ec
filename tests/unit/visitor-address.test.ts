import { describe, expect, test } from 'vitest';
import { publicOrigin } from '../../server/proxy/public-origin.ts';
import { parseTrustedProxies, visitorAddress } from '../../server/proxy/visitor-address.ts';

describe('the visitor’s address behind a reverse proxy', () => {
  const proxies = parseTrustedProxies('127.0.0.1, ::1 10.0.0.0/8');

  test('with no trusted proxy, X-Forwarded-For is ignored and the peer is the visitor', () => {
    expect(visitorAddress('203.0.113.9', '198.51.100.1', parseTrustedProxies(undefined))).toBe('203.0.113.9');
    expect(visitorAddress('127.0.0.1', '198.51.100.1', parseTrustedProxies(''))).toBe('127.0.0.1');
  });

  test('an untrusted peer cannot choose its address', () => {
    expect(visitorAddress('203.0.113.9', '127.0.0.1, 198.51.100.1', proxies)).toBe('203.0.113.9');
  });

  test('from a trusted proxy, the right-most address that is not a proxy is the visitor', () => {
    expect(visitorAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    // The visitor wrote "1.2.3.4" themselves; the proxy appended their real address.
    expect(visitorAddress('127.0.0.1', '1.2.3.4, 198.51.100.1', proxies)).toBe('198.51.100.1');
    // Two proxies in a row (a load balancer in 10/8, then Caddy on loopback).
    expect(visitorAddress('::ffff:127.0.0.1', ['1.2.3.4, 198.51.100.1', '10.1.2.3'], proxies)).toBe('198.51.100.1');
    expect(visitorAddress('::1', '2001:db8::7', proxies)).toBe('2001:db8::7');
    expect(visitorAddress('127.0.0.1', '[2001:db8::7]:443, 198.51.100.1:5000', proxies)).toBe('198.51.100.1');
  });

  test('a proxy that sends no header, or a broken entry, leaves the last address known', () => {
    expect(visitorAddress('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
    expect(visitorAddress('127.0.0.1', 'not-an-address', proxies)).toBe('127.0.0.1');
    expect(visitorAddress('127.0.0.1', 'garbage, 10.0.0.5', proxies)).toBe('10.0.0.5');
  });

  test('a wrong TRUST_PROXY entry is named', () => {
    for (const entry of ['localhost', '10.0.0.0/', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1']) {
      expect(() => parseTrustedProxies(`127.0.0.1, ${entry}`)).toThrow(`TRUST_PROXY: "${entry}" is not an IP address or a CIDR range`);
    }
    expect(parseTrustedProxies('10.0.0.0/8').has('10.255.0.1')).toBe(true);
    expect(parseTrustedProxies('10.0.0.0/8').has('11.0.0.1')).toBe(false);
  });
});

describe('the origin the visitor used, behind a reverse proxy', () => {
  const proxies = parseTrustedProxies('127.0.0.1, ::1');
  const overHttps = { host: 'www.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.example.com' };

  test('from a trusted proxy, its X-Forwarded-Proto and X-Forwarded-Host say it, default ports dropped as browsers do', () => {
    expect(publicOrigin('127.0.0.1', overHttps, proxies)).toBe('https://www.example.com');
    expect(publicOrigin('::ffff:127.0.0.1', { host: '127.0.0.1:4722', 'x-forwarded-proto': 'https' }, proxies)).toBe('https://127.0.0.1:4722');
    expect(publicOrigin('::1', { host: 'upstream:4321', 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'www.example.com:443' }, proxies)).toBe('https://www.example.com');
  });

  test('from anyone else the forwarded headers are ignored: plain http to the Host named', () => {
    expect(publicOrigin('203.0.113.9', overHttps, proxies)).toBe('http://www.example.com');
    expect(publicOrigin('127.0.0.1', overHttps, parseTrustedProxies(undefined))).toBe('http://www.example.com');
  });

  test('a scheme or host that could change the address is not believed', () => {
    expect(publicOrigin('127.0.0.1', { host: 'www.example.com', 'x-forwarded-proto': 'javascript' }, proxies)).toBe('http://www.example.com');
    for (const host of ['evil.example/path', 'user@evil.example', 'a b', '', 'x\\y']) expect(publicOrigin('203.0.113.9', { host }, proxies), host).toBeNull();
    expect(publicOrigin('203.0.113.9', {}, proxies)).toBeNull();
  });
});
