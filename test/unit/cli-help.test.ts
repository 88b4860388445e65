// `--help` says what each flag does: a `--no-x` switch turns its option off, so its help text is not the
// option's description (which the README's Configuration table shows beside the variable and default).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONFIG_OPTIONS, type ConfigKey, describeOption } from '../../packages/cli/src/config.ts';

describe('skg --help', () => {
  it('describes --no-watch as keeping the build loaded at start', () => {
    assert.match(describeOption('watch'), /^do not watch dist\/ for new builds: keep serving the one loaded at start until SIGHUP switches \[env SKG_WATCH, default true\]$/);
  });

  it('describes --no-access-log as writing no access log', () => {
    assert.match(describeOption('accessLog'), /^write no access log/);
  });

  it('gives every --no- switch a help text of its own, never the description of the option it turns off', () => {
    const switches = (Object.keys(CONFIG_OPTIONS) as ConfigKey[]).filter((key) => CONFIG_OPTIONS[key].flag.startsWith('--no-'));
    assert.ok(switches.length >= 2, `found only ${switches.length} --no- switches`);
    for (const key of switches) {
      const description = CONFIG_OPTIONS[key].description.replace(/`|\*\*/g, '');
      assert.ok(!describeOption(key).startsWith(description), `${CONFIG_OPTIONS[key].flag} shows the option's description as its help`);
    }
  });
});
