import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DAY_MS, UptimeRecorder } from '../../packages/server/src/status/uptime.ts';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T00:00:00.000Z');

describe('uptime recorder', () => {
  it('reports no measurement before the first sample', () => {
    const window = new UptimeRecorder(MINUTE).summarise(DAY_MS, T0);
    assert.deepEqual(window, { windowSeconds: 86400, measuredSeconds: 0, since: null, samples: 0, failedSamples: 0, ratio: null });
  });

  it('claims only the time it measured: ten minutes of samples are ten minutes of a 90-day window', () => {
    const recorder = new UptimeRecorder(MINUTE);
    for (let i = 0; i <= 10; i += 1) recorder.record(true, T0 + i * MINUTE);
    const window = recorder.summarise(90 * DAY_MS, T0 + 10 * MINUTE);
    assert.equal(window.windowSeconds, 90 * 86400);
    assert.equal(window.measuredSeconds, 600);
    assert.equal(window.since, new Date(T0).toISOString());
    assert.equal(window.samples, 11);
    assert.equal(window.ratio, 1);
  });

  it('counts failed samples into the ratio', () => {
    const recorder = new UptimeRecorder(MINUTE);
    for (let i = 0; i < 8; i += 1) recorder.record(true, T0 + i * MINUTE);
    recorder.record(false, T0 + 8 * MINUTE);
    recorder.record(true, T0 + 9 * MINUTE);
    const window = recorder.summarise(DAY_MS, T0 + 9 * MINUTE);
    assert.equal(window.samples, 10);
    assert.equal(window.failedSamples, 1);
    assert.equal(window.ratio, 0.9);
  });

  it('keeps only the samples inside each window', () => {
    const recorder = new UptimeRecorder(MINUTE);
    const end = T0 + 2 * DAY_MS;
    for (let at = T0; at <= end; at += MINUTE) recorder.record(true, at);
    const day = recorder.summarise(DAY_MS, end);
    assert.equal(day.measuredSeconds, 86400);
    assert.equal(day.since, new Date(end - DAY_MS).toISOString());
    assert.ok(Math.abs(day.samples - 1441) <= 1, `about a day of samples, got ${day.samples}`);
    assert.equal(recorder.summarise(30 * DAY_MS, end).samples, 2 * 1440 + 1);
  });
});
