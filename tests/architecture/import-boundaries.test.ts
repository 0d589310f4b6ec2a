import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import directions (docs/architecture.md) are lint rules; these cases lint code as if it stood in each folder.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint)', () => {
  it.each([
    ['src/domain/probe.ts', "import { App } from '@app/app';\nexport const x = App;\n"],
    ['src/domain/probe.ts', "import { storage } from '@state/storage';\nexport const x = storage;\n"],
    ['src/domain/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['src/domain/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['machines/probe.ts', "import { apiRequest } from '@data/api-client';\nexport const x = apiRequest;\n"],
    ['machines/probe.ts', "import { createApp } from '@server/app';\nexport const x = createApp;\n"],
    ['commands/probe.ts', "import { Button } from '@ui/button';\nexport const x = Button;\n"],
    ['server/probe.ts', "import { pushToast } from '@state/toasts';\nexport const x = pushToast;\n"],
    ['server/probe.ts', "import { SideMenu } from '@app/side-menu';\nexport const x = SideMenu;\n"],
    ['src/app/probe.ts', "import { createApp } from '@server/app';\nexport const x = createApp;\n"],
    ['server/probe.ts', "import { testUser } from '@tests/support/session-fixtures';\nexport const x = testUser;\n"],
    ['src/app/probe.ts', "import { testUser } from '@tests/support/session-fixtures';\nexport const x = testUser;\n"],
    ['src/app/shell/probe.ts', "import { pinsStore } from '../../state/pins';\nexport const x = pinsStore;\n"],
  ])('refuses a wrong import in %s', async (filePath, code) => {
    expect(await restrictedImportErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['src/domain/probe.ts', "import { menuTree } from './menu';\nexport const x = menuTree;\n"],
    ['machines/probe.ts', "import { indianMobileSchema } from '@domain/phone';\nexport const x = indianMobileSchema;\n"],
    ['server/probe.ts', "import { sessionMachine } from '@machines/session.machine';\nexport const x = sessionMachine;\n"],
    ['src/app/probe.ts', "import { pinsStore } from '@state/pins';\nexport const x = pinsStore;\n"],
  ])('allows an import along the design in %s', async (filePath, code) => {
    expect(await restrictedImportErrors(filePath, code)).toEqual([]);
  });
});
