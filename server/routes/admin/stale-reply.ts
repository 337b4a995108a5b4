import type { FastifyReply } from 'fastify';
import { AppError } from '../../../core/errors.ts';

/**
 * Runs a save; a stale one (DECISIONS 31: the record changed since the screen showed it) answers
 * 409 with the newer values in `current`, so the screen can show them instead of overwriting.
 */
export async function withStaleReply<T>(reply: FastifyReply, save: () => Promise<T>): Promise<T | object> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict' && 'current' in error) {
      reply.status(409);
      return { result: false, message: error.message, field: error.field, current: error.current };
    }
    throw error;
  }
}
