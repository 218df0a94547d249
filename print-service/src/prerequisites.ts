import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { printMessages } from './messages.js';

/** A font family printed documents use, and the Debian package that installs it. */
export interface RequiredFont {
  readonly family: string;
  readonly debianPackage: string;
}

/**
 * The TrueType-outline CJK faces of printed documents (DESIGN §7): Chromium embeds these as CID
 * TrueType subsets, while Debian's Noto CJK (CFF outlines) ends up as Type 3 glyph drawings.
 */
export const REQUIRED_FONTS: readonly RequiredFont[] = [
  { family: 'AR PL UMing CN', debianPackage: 'fonts-arphic-uming' },
  { family: 'WenQuanYi Zen Hei', debianPackage: 'fonts-wqy-zenhei' },
];

export type PrerequisiteCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly missingPackages: readonly string[]; readonly message: string };

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The font families fontconfig knows (`fc-list : family`), one entry per name it lists. */
export function installedFontFamilies(): Promise<Set<string>> {
  return new Promise((resolve) => {
    execFile('fc-list', [':', 'family'], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      // No fontconfig at all means no fonts the browser could find either.
      if (error) return resolve(new Set());
      const names = stdout
        .split('\n')
        .flatMap((line) => line.split(','))
        .map((name) => name.trim())
        .filter((name) => name !== '');
      resolve(new Set(names));
    });
  });
}

/**
 * What printing needs on this machine, checked once at boot: the Chromium executable and the
 * document fonts. A failure names the Debian packages to install.
 */
export async function checkPrerequisites(
  chromiumPath: string,
  fonts: readonly RequiredFont[] = REQUIRED_FONTS,
): Promise<PrerequisiteCheck> {
  if (!isExecutable(chromiumPath)) {
    return {
      ok: false,
      missingPackages: ['chromium'],
      message: printMessages.chromiumMissing(chromiumPath),
    };
  }
  const installed = await installedFontFamilies();
  const missing = fonts.filter((f) => !installed.has(f.family));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((f) => f.debianPackage))];
    return {
      ok: false,
      missingPackages: packages,
      message: printMessages.fontsMissing(
        missing.map((f) => f.family),
        packages,
      ),
    };
  }
  return { ok: true };
}
