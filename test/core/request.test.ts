import { describe, expect, it } from 'vitest';
import { packRequest, REQUEST_FIELDS, unpackRequest } from '../../src/core/commands/request.js';

describe('the request of the dispatch contract', () => {
  it('writes what okstra set, typed, and reads it back as the inputs of the same names', () => {
    const flat = {
      'plan-ref': 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      'pr-number': '7',
      'check-run-id': '{"2":123,"3":124}',
      trigger: 'comment',
      actor: 'octocat',
      reset: 'true',
      'review-id': '9007199254740991',
    };
    const json = packRequest(flat);
    expect(JSON.parse(json)).toEqual({
      v: 1,
      'plan-ref': 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      'pr-number': 7,
      'check-run-id': { '2': 123, '3': 124 },
      trigger: 'comment',
      actor: 'octocat',
      reset: true,
      'review-id': 9007199254740991,
    });
    expect(unpackRequest(json)).toEqual({ ok: true, fields: flat });
    expect(packRequest({ rebase: 'false', 'pr-number': '' })).toBe('{"v":1}');
    expect(unpackRequest('')).toEqual({ ok: true, fields: {} });
  });

  it('refuses a bad or foreign request, naming the field and what it must be', () => {
    expect(unpackRequest('{"v":1,"pr-number":"7"}')).toMatchObject({
      ok: false,
      field: 'request.pr-number',
      message: expect.stringMatching(/number/i),
    });
    expect(unpackRequest('{"v":1,"check-run-id":{"x":1}}')).toMatchObject({
      ok: false,
      field: expect.stringMatching(/^request\.check-run-id/),
    });
    expect(unpackRequest('{"v":1,"token":"ghp_x"}')).toEqual({
      ok: false,
      field: 'request.token',
      message: `not a field okstra knows (${REQUEST_FIELDS.join(', ')})`,
    });
    expect(unpackRequest('{"v":2,"pr-number":7}')).toMatchObject({
      ok: false,
      field: 'request.v',
      message: expect.stringContaining('this okstra reads request version 1, got 2'),
    });
    expect(unpackRequest('{"pr-number":7}')).toMatchObject({ ok: false, field: 'request.v' });
    expect(unpackRequest('{pr: 7}')).toMatchObject({
      ok: false,
      field: 'request',
      message: expect.stringContaining('not JSON'),
    });
    expect(unpackRequest('[1]')).toMatchObject({ ok: false, field: 'request' });
    expect(unpackRequest('{"v":1,"pr-number":0}')).toMatchObject({ ok: false, field: 'request.pr-number' });
  });
});
