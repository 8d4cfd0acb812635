import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own lint configuration (eslint.config.js), run on a file written for the test. */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'web/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'creadefi/feature-boundaries').map((m) => m.message);
}

describe('feature boundaries (eslint.config.js)', () => {
  it('refuses an import into another feature, static, dynamic or re-exported', async () => {
    const code = [
      "import ContestsHome from '../contests/ContestsHome';",
      "export { useMyParticipation } from '../participate/api';",
      "export const later = () => import('../contests/ContestsHome');",
      'export default ContestsHome;',
    ].join('\n');
    const found = await refusals('features/public/HomePage.tsx', code);
    expect(found).toHaveLength(3);
    expect(found[0]).toBe("'../contests/ContestsHome' reaches into the contests feature: import its entry ('../contests'), or move what is shared to app/, api/ or ui/.");
  });

  it('resolves the path from a sub-folder, whatever its depth', async () => {
    const code = "import { useMyParticipation } from '../../participate/gate';\nimport { Page } from '../ProfilePage';\nexport { Page, useMyParticipation };";
    expect(await refusals('features/profile/status/StatusPage.tsx', code)).toEqual([
      "'../../participate/gate' reaches into the participate feature: import its entry ('../../participate'), or move what is shared to app/, api/ or ui/.",
    ]);
  });

  it('lets a feature use another one through its entry, and the shared folders freely', async () => {
    const code = "import { ContestsHome } from '../contests';\nimport { useSession } from '../../app/session';\nimport { BriefSliders } from '../../ui/BriefSliders';\nexport { BriefSliders, ContestsHome, useSession };";
    expect(await refusals('features/public/HomePage.tsx', code)).toEqual([]);
  });

  it('lets tests use another feature’s test helpers, and only those', async () => {
    const code = "import { renderRoute } from '../proposals/test-utils';\nexport { renderRoute };";
    expect(await refusals('features/my-contests/MyContestsPage.test.tsx', code)).toEqual([]);
    expect(await refusals('features/contests/test-utils.tsx', code)).toEqual([]);
    expect(await refusals('features/my-contests/MyContestsPage.tsx', code)).toHaveLength(1);
  });

  it('keeps ui/ and api/ free of any feature, while app/ composes them', async () => {
    const code = "import { SignInModal } from '../features/auth/SignInModal';\nexport { SignInModal };";
    expect(await refusals('ui/Widget.tsx', code)).toEqual(["'../features/auth/SignInModal' makes ui/ depend on the auth feature: ui/ is shared by the features and imports none of them."]);
    expect(await refusals('api/widget.ts', "export { ContestsHome } from '../features/contests';")).toHaveLength(1);
    expect(await refusals('app/Widget.tsx', code)).toEqual([]);
  });
});
