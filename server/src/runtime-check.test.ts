import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE_MAJOR, unsupportedRuntimeMessage } from './runtime-check';

describe('runtime check', () => {
  it('refuses a Node.js line past its end of life, in French, naming both versions', () => {
    const message = unsupportedRuntimeMessage('20.20.2');
    expect(message).toContain('Node.js 24 ou plus récent');
    expect(message).toContain('20.20.2');
  });

  it('accepts the supported LTS lines', () => {
    expect(unsupportedRuntimeMessage('24.21.0')).toBeNull();
    expect(unsupportedRuntimeMessage('26.10.0')).toBeNull();
  });

  it('the suite itself runs on a supported LTS', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(MINIMUM_NODE_MAJOR);
  });
});
