import { describe, expect, it } from 'vitest';
import { detectProtocol, requestModel, vertexScopedPath } from '../../src/core/usage/index.js';

describe('Vertex AI paths as the gateway sends them', () => {
  it('scopes an express-mode publisher call to the project and location', () => {
    expect(
      vertexScopedPath(
        '/v1beta1/publishers/google/models/gemini-2.5-pro:streamGenerateContent',
        'my-proj-1',
        'us-central1',
      ),
    ).toBe(
      '/v1beta1/projects/my-proj-1/locations/us-central1/publishers/google/models/gemini-2.5-pro:streamGenerateContent',
    );
    expect(vertexScopedPath('/v1/publishers/google/models/gemini-2.5-flash:countTokens', 'p-12345', 'global')).toBe(
      '/v1/projects/p-12345/locations/global/publishers/google/models/gemini-2.5-flash:countTokens',
    );
  });

  it('leaves a scoped call (Claude Code’s) and any other path as they are', () => {
    const scoped =
      '/projects/p-12345/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict';
    expect(vertexScopedPath(scoped, 'other-project', 'europe-west1')).toBe(scoped);
    const versioned = '/v1beta1/projects/p-12345/locations/us/publishers/google/models/m:streamGenerateContent';
    expect(vertexScopedPath(versioned, 'other-project', 'europe-west1')).toBe(versioned);
    expect(vertexScopedPath('/v1beta1/models', 'p-12345', 'us')).toBe('/v1beta1/models');
    expect(vertexScopedPath('/v2/publishers/google/models/m:generateContent', 'p-12345', 'us')).toBe(
      '/v2/publishers/google/models/m:generateContent',
    );
  });

  it('a scoped Gemini call is metered as Gemini, its model read from the path', () => {
    const path = '/v1beta1/projects/p-12345/locations/us/publishers/google/models/gemini-2.5-pro:streamGenerateContent';
    expect(detectProtocol(path)).toBe('gemini');
    expect(requestModel('gemini', path, '{}')).toBe('gemini-2.5-pro');
  });
});
