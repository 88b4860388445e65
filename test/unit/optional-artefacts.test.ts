import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ARTEFACT_FORMAT_VERSION, assertManifest, REQUIRED_ARTEFACTS } from '@skg/core';
import { parseOptionalArtefactList, resolveConfig, selectOptionalArtefacts } from '../../packages/cli/src/config.ts';
import { describeOptionalArtefacts, type EncodedArtefact } from '../../packages/compiler/src/stages/write.ts';

const SHA = 'a'.repeat(64);
const entry = (file: string, optional = false) => ({ file, bytes: 1, sha256: SHA, records: 1, optional });
const REQUIRED = Object.fromEntries(REQUIRED_ARTEFACTS.map((name) => [name, entry(`builds/x/${name}.bin`)]));

function manifest(extra: Record<string, unknown> = {}) {
  return {
    formatVersion: ARTEFACT_FORMAT_VERSION,
    okfVersion: '0.2',
    bundleGenerated: '2026-08-21T00:00:00.000Z',
    compiler: { name: 'test', version: '0' },
    dataVersion: 'x',
    artefacts: REQUIRED,
    optionalArtefacts: {
      interlinear: { built: false, reason: 'excluded' },
      connections: { built: false, reason: 'no-data' },
      translations: { built: false, reason: 'no-data' },
    },
    ...extra,
  };
}

describe('the manifest of optional artefacts', () => {
  it('accepts a manifest that says of each optional artefact whether it was built', () => {
    assert.deepEqual(assertManifest(manifest()).optionalArtefacts.interlinear, { built: false, reason: 'excluded' });
  });

  it('refuses a manifest without optionalArtefacts, or one claiming an artefact it does not name', () => {
    assert.throws(() => assertManifest(manifest({ optionalArtefacts: undefined })), /optionalArtefacts is missing/);
    assert.throws(() => assertManifest(manifest({ optionalArtefacts: { interlinear: { built: true }, connections: { built: false } } })), /says 'interlinear' was built, but artefacts does not name it/);
    assert.throws(() => assertManifest(manifest({ optionalArtefacts: { interlinear: { built: false } } })), /whether 'connections' was built/);
  });

  it('describes each optional artefact as built, excluded or no-data', () => {
    const built: EncodedArtefact = { name: 'interlinear', fileName: 'interlinear.bin', data: Buffer.alloc(0), records: 0, optional: true };
    assert.deepEqual(describeOptionalArtefacts([built], new Set(['interlinear', 'connections'])), {
      interlinear: { built: true },
      connections: { built: false, reason: 'no-data' },
      translations: { built: false, reason: 'excluded' },
    });
    assert.deepEqual(describeOptionalArtefacts([], new Set(['connections', 'translations'])), {
      interlinear: { built: false, reason: 'excluded' },
      connections: { built: false, reason: 'no-data' },
      translations: { built: false, reason: 'no-data' },
    });
  });
});

describe('the --without option (SKG_WITHOUT)', () => {
  it('parses names separated by commas or spaces; none and empty mean none', () => {
    const cases: Array<[text: string, names: string[]]> = [
      ['', []],
      ['none', []],
      ['interlinear', ['interlinear']],
      ['interlinear,connections', ['interlinear', 'connections']],
      [' connections  interlinear ,connections', ['connections', 'interlinear']],
    ];
    for (const [text, names] of cases) assert.deepEqual(parseOptionalArtefactList(text), names, `'${text}'`);
  });

  it('refuses a name that is not an optional artefact', () => {
    assert.throws(() => parseOptionalArtefactList('interlinear,xrefs'), /interlinear, connections, translations; got 'xrefs'/);
  });

  it('takes the flag before the environment, and selects the rest to build', () => {
    assert.deepEqual(resolveConfig({}, { SKG_WITHOUT: 'connections' }).without, ['connections']);
    assert.deepEqual(resolveConfig({ without: 'interlinear' }, { SKG_WITHOUT: 'connections' }).without, ['interlinear']);
    assert.deepEqual(resolveConfig({}, {}).without, []);
    assert.deepEqual([...selectOptionalArtefacts(['interlinear'])], ['connections', 'translations']);
    assert.deepEqual([...selectOptionalArtefacts([])], ['interlinear', 'connections', 'translations']);
  });
});
