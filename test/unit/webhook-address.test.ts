import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isApiError } from '@skg/core';
import { getAddressBlock, getNonPublicReason, isPublicAddress } from '../../packages/server/src/webhooks/address-policy.ts';
import { assertPublicTarget, parseTargetUrl, type TargetPolicy } from '../../packages/server/src/webhooks/target-url.ts';

describe('getNonPublicReason', () => {
  it('refuses every non-public IPv4 range, with the reason', () => {
    const table: Array<[string, RegExp]> = [
      ['127.0.0.1', /loopback/],
      ['127.255.0.9', /loopback/],
      ['10.1.2.3', /private/],
      ['172.16.0.1', /private/],
      ['172.31.255.254', /private/],
      ['192.168.1.1', /private/],
      ['169.254.1.1', /link-local/],
      ['169.254.169.254', /metadata/],
      ['100.64.0.1', /carrier-grade/],
      ['100.100.100.200', /metadata/],
      ['0.0.0.0', /unspecified/],
      ['0.1.2.3', /unspecified/],
      ['224.0.0.1', /multicast/],
      ['239.255.255.250', /multicast/],
      ['255.255.255.255', /broadcast/],
      ['192.0.2.10', /reserved/],
      ['198.18.0.1', /reserved/],
      ['240.0.0.1', /reserved/],
      ['168.63.129.16', /metadata/],
    ];
    for (const [address, reason] of table) assert.match(getNonPublicReason(address) ?? 'public', reason, address);
  });

  it('refuses every non-public IPv6 range and every form that embeds an IPv4 address', () => {
    const table: Array<[string, RegExp]> = [
      ['::1', /loopback/],
      ['::', /unspecified/],
      ['fe80::1', /link-local/],
      ['fc00::1', /unique-local/],
      ['fd12:3456::1', /unique-local/],
      ['fd00:ec2::254', /metadata/],
      ['ff02::1', /multicast/],
      ['fec0::1', /site-local/],
      ['::ffff:127.0.0.1', /loopback/],
      ['::ffff:7f00:1', /loopback/],
      ['::ffff:10.0.0.1', /private/],
      ['::ffff:169.254.169.254', /metadata/],
      ['::127.0.0.1', /loopback/],
      ['::7f00:1', /IPv4-compatible/],
      ['::a00:1', /IPv4-compatible/],
      ['64:ff9b::7f00:1', /NAT64/],
      ['2002:7f00:1::1', /6to4/],
      ['2001:0:4136:e378::1', /Teredo/],
      ['2001:db8::1', /reserved/],
      ['100::1', /reserved/],
      ['[::1]', /loopback/],
    ];
    for (const [address, reason] of table) assert.match(getNonPublicReason(address) ?? 'public', reason, address);
  });

  it('lets global unicast through, an IPv4-mapped public address as its IPv4 address', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80e::200e', '::ffff:8.8.8.8']) {
      assert.equal(getNonPublicReason(address), null, address);
      assert.equal(isPublicAddress(address), true, address);
    }
  });

  it('refuses what is not an IP address at all', () => {
    for (const text of ['localhost', '0x7f.1', '2130706433', '', 'example.com']) assert.equal(isPublicAddress(text), false, text);
  });
});

describe('parseTargetUrl', () => {
  it('accepts an https URL and drops its fragment', () => {
    assert.equal(parseTargetUrl('https://hooks.example.org/skg?x=1#frag').href, 'https://hooks.example.org/skg?x=1');
  });

  it('refuses http and other schemes, credentials, junk and over-long URLs with invalid_parameter on url', () => {
    for (const input of ['http://example.org/', 'ftp://example.org/', 'https://user:pw@example.org/', 'not a url', '/relative', `https://example.org/${'a'.repeat(2100)}`]) {
      assert.throws(
        () => parseTargetUrl(input),
        (error: unknown) => isApiError(error) && error.code === 'invalid_parameter' && error.param === 'url',
        input.slice(0, 40),
      );
    }
  });

  it('normalises other encodings of an IPv4 host to dotted decimal, so they are judged as the address', () => {
    assert.equal(parseTargetUrl('https://0x7f.1/').hostname, '127.0.0.1');
    assert.equal(parseTargetUrl('https://2130706433/').hostname, '127.0.0.1');
    assert.equal(parseTargetUrl('https://017700000001/').hostname, '127.0.0.1');
  });
});

describe('assertPublicTarget', () => {
  const names: Record<string, string[]> = {
    'hooks.example.org': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'internal.example.org': ['10.0.0.7'],
    'mixed.example.org': ['93.184.215.14', '192.168.0.2'],
    'rebind.example.org': ['::ffff:127.0.0.1'],
  };
  const policy = (allowPrivate = false): TargetPolicy => ({
    allowPrivate,
    resolveTimeoutMs: 200,
    resolveHost: async (host) => {
      if (host === 'slow.example.org') return new Promise(() => undefined);
      const addresses = names[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return addresses;
    },
  });
  const rejects = (url: string, message: RegExp, allowPrivate = false) =>
    assert.rejects(
      assertPublicTarget(parseTargetUrl(url), policy(allowPrivate)),
      (error: unknown) => isApiError(error) && error.code === 'invalid_parameter' && error.param === 'url' && message.test(error.message),
      url,
    );

  it('passes a name whose every address is public', async () => {
    await assertPublicTarget(parseTargetUrl('https://hooks.example.org/x'), policy());
  });

  it('refuses a name resolving to a private address, also when only one of its addresses is', async () => {
    await rejects('https://internal.example.org/', /internal\.example\.org resolves to a non-public address$/);
    await rejects('https://mixed.example.org/', /mixed\.example\.org resolves to a non-public address$/);
    await rejects('https://rebind.example.org/', /rebind\.example\.org resolves to a non-public address$/);
  });

  it('never says what a refused name resolved to; the address and why go to the debug log only', async () => {
    const logged: string[] = [];
    for (const host of ['internal.example.org', 'mixed.example.org', 'rebind.example.org']) {
      const error = await assertPublicTarget(parseTargetUrl(`https://${host}/`), { ...policy(), logDebug: (line) => logged.push(line) }).then(
        () => assert.fail(`${host} passed`),
        (caught: unknown) => caught as Error,
      );
      assert.doesNotMatch(error.message, /10\.0\.0\.7|192\.168|127\.0\.0\.1|private|loopback/, host);
    }
    assert.deepEqual(logged, [
      'webhook registration refused: internal.example.org resolves to 10.0.0.7, a private address',
      'webhook registration refused: mixed.example.org resolves to 192.168.0.2, a private address',
      'webhook registration refused: rebind.example.org resolves to ::ffff:127.0.0.1, a loopback address',
    ]);
  });

  it('refuses IP literals without asking DNS, describing them (the caller wrote the address)', async () => {
    await rejects('https://127.0.0.1/', /127\.0\.0\.1 is a loopback address/);
    await rejects('https://[::1]:8443/', /loopback/);
    await rejects('https://169.254.169.254/latest/meta-data', /metadata/);
    await rejects('https://[::ffff:a9fe:a9fe]/', /metadata/);
  });

  it('refuses a name that does not resolve, or not in time', async () => {
    await rejects('https://nowhere.example.org/', /does not resolve/);
    await rejects('https://slow.example.org/', /within 200 ms/);
  });

  it('lets private targets through when allowed (local testing)', async () => {
    await assertPublicTarget(parseTargetUrl('https://127.0.0.1:9443/'), policy(true));
    await assertPublicTarget(parseTargetUrl('https://internal.example.org/'), policy(true));
    await rejects('https://nowhere.example.org/', /does not resolve/, true);
  });
});

describe('getAddressBlock (what registrations are counted under)', () => {
  it('counts an IPv6 client by its /64, an IPv4 (or IPv4-mapped) one by itself', () => {
    assert.equal(getAddressBlock('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(getAddressBlock('2001:db8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.equal(getAddressBlock('[2001:db8:1:2::9]'), '2001:db8:1:2::/64');
    assert.notEqual(getAddressBlock('2001:db8:1:3::1'), getAddressBlock('2001:db8:1:2::1'));
    assert.equal(getAddressBlock('203.0.113.9'), '203.0.113.9');
    assert.equal(getAddressBlock('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(getAddressBlock('unknown'), 'unknown');
    assert.equal(getAddressBlock('x'.repeat(500)).length, 100);
  });
});

describe('echoed input in webhook errors', () => {
  it('cuts a url that is not a URL to 100 characters in the message', () => {
    const input = `not a url ${'z'.repeat(2000)}`;
    assert.throws(
      () => parseTargetUrl(input),
      (error: unknown) => isApiError(error) && error.message.length < 200 && error.message.includes(`${'z'.repeat(90)}…`),
    );
  });
});
