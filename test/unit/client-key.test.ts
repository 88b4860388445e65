import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getClientKey } from '../../packages/server/src/http/steps/client-key.ts';

describe('rate-limit client keys', () => {
  it('writes IPv4 in canonical dotted decimal, leading zeros read as decimal', () => {
    assert.equal(getClientKey('10.200.0.1'), '10.200.0.1');
    assert.equal(getClientKey('010.200.000.001'), '10.200.0.1');
    assert.equal(getClientKey('010.020.008.009'), '10.20.8.9');
    assert.equal(getClientKey('10.200.0.1:5123'), '10.200.0.1', 'a port some proxies append is dropped');
  });

  it('answers the canonical spellings as they are, at the edges of each octet', () => {
    for (const address of ['0.0.0.0', '255.255.255.255', '1.22.199.250', '9.10.99.100', '249.200.201.255']) {
      assert.equal(getClientKey(address), address);
      assert.equal(getClientKey(`::ffff:${address}`), address);
    }
    assert.equal(getClientKey('1.2.3.04'), '1.2.3.4');
    assert.equal(getClientKey('256.1.1.1'), '256.1.1.1', 'not an address: its own key');
    assert.equal(getClientKey('1.2.3.4.5'), '1.2.3.4.5');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    assert.equal(getClientKey('::ffff:10.200.0.1'), '10.200.0.1');
    assert.equal(getClientKey('::FFFF:0ac8:0001'), '10.200.0.1');
    assert.equal(getClientKey('[::ffff:10.200.0.1]:443'), '10.200.0.1');
  });

  it('counts IPv6 by its /64, whatever the spelling', () => {
    const key = getClientKey('2001:db8:1:2::1');
    assert.equal(key, '2001:db8:1:2::/64');
    assert.equal(getClientKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc'), key);
    assert.equal(getClientKey('2001:DB8:1:2:0:0:0:99'), key);
    assert.equal(getClientKey('[2001:db8:1:2::7]:8080'), key);
    assert.equal(getClientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.notEqual(getClientKey('2001:db8:1:3::1'), key, 'another /64 is another client');
  });

  it('keeps anything else as its own key, cut to 100 characters', () => {
    assert.equal(getClientKey('unknown'), 'unknown');
    assert.equal(getClientKey('300.1.1.1'), '300.1.1.1');
    assert.equal(getClientKey('x'.repeat(500)).length, 100);
  });
});
