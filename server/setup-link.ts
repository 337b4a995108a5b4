import type { FastifyBaseLogger } from 'fastify';
import type { FirstAdminService } from '../core/accounts/first-admin.service.ts';

/**
 * Prints the first admin's setup link when the shop has no admin (README "The back office"): in the
 * log and, framed, on the standard output, where whoever started the shop reads it.
 */
export async function announceSetupLink(
  firstAdmin: Pick<FirstAdminService, 'issueLink'>,
  publicUrl: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<string | null> {
  try {
    const issued = await firstAdmin.issueLink();
    if (!issued) return null;
    const link = `${publicUrl}/admin/setup?token=${issued.token}`;
    const until = issued.expiresAt.toISOString();
    log.warn({ setupLinkExpiresAt: until }, `the shop has no admin yet: create the first one at ${link}`);
    const rule = '='.repeat(72);
    print(
      `\n${rule}\n  The shop has no admin yet. Create the first one (the link works once, until ${until}):\n\n` +
        `  ${link}\n\n  A restart prints a new link; \`npm run operator:create\` prints one too.\n${rule}\n\n`,
    );
    return link;
  } catch (error) {
    log.error({ err: error }, 'could not make the first admin’s setup link');
    return null;
  }
}
