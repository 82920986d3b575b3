import { msg } from './messages.ts';

export type ValidationIssue = {
  path?: PropertyKey[];
  /** fastify-type-provider-zod reports the path as `/Field/sub` instead of `path`. */
  instancePath?: string;
  message: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
};

/**
 * Validation issues as the API answers them, `{ Message, Fields }`: the first message leads, each
 * field (a dotted path) keeps its own. The panel checks its forms with the same schemas and shows
 * the same messages before anything is sent.
 */
export const issuesToBody = (issues: readonly ValidationIssue[]) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path ?? issue.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const message = issue.params?.issue?.message ?? issue.message;
    const key = path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = message;
  }
  const first = Object.values(fields)[0] ?? msg.invalidRequest;
  return { Message: first, Fields: fields };
};
