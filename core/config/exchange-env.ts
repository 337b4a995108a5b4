import path from 'node:path';
import { z } from 'zod';

/**
 * The 1C exchange's settings (spec integrations.md §11; docs/decisions/0031-catalogue-exchange.md).
 * The exchange answers only when both the login and the password are set.
 */
export const exchangeEnvShape = {
  /** The login 1C signs in with (HTTP Basic) at /api/1c/exchange. */
  ONEC_EXCHANGE_LOGIN: z.string().min(1).optional(),
  /** Its password; compared as a SHA-256 digest in constant time. */
  ONEC_EXCHANGE_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** The 1C price type (name or Ид) the shop sells at. */
  ONEC_PRICE_TYPE: z.string().min(1).default('Розничная'),
  /** The largest piece 1C may send in one `file` call, in bytes (told to 1C by `init`). */
  ONEC_FILE_LIMIT: z.coerce
    .number()
    .int()
    .min(65_536)
    .max(1_073_741_824)
    .default(16 * 1024 * 1024),
  /** The largest file the pieces may add up to, in bytes. */
  ONEC_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(65_536)
    .max(10 * 1_073_741_824)
    .default(1_073_741_824),
};

export interface ExchangeConfig {
  login: string | null;
  password: string | null;
  priceType: string;
  fileLimit: number;
  maxFileBytes: number;
  /** Where uploads wait for their import: DATA_DIR/exchange. */
  dir: string;
}

export function exchangeConfig(
  e: {
    ONEC_EXCHANGE_LOGIN?: string | undefined;
    ONEC_EXCHANGE_PASSWORD?: string | undefined;
    ONEC_PRICE_TYPE: string;
    ONEC_FILE_LIMIT: number;
    ONEC_MAX_FILE_BYTES: number;
  },
  dataDir: string,
): ExchangeConfig {
  return {
    login: e.ONEC_EXCHANGE_LOGIN ?? null,
    password: e.ONEC_EXCHANGE_PASSWORD ?? null,
    priceType: e.ONEC_PRICE_TYPE,
    fileLimit: e.ONEC_FILE_LIMIT,
    maxFileBytes: e.ONEC_MAX_FILE_BYTES,
    dir: path.join(dataDir, 'exchange'),
  };
}

/** What the back office shows of the 1C exchange: the URL to give 1C and whether it is set up — never the password. */
export interface ExchangeSettings {
  url: string;
  enabled: boolean;
  loginSet: boolean;
  passwordSet: boolean;
  priceType: string;
  fileLimit: number;
  maxFileBytes: number;
}

export function exchangeSettings(config: ExchangeConfig, publicUrl: string): ExchangeSettings {
  return {
    url: `${publicUrl.replace(/\/$/, '')}/api/1c/exchange`,
    enabled: config.login !== null && config.password !== null,
    loginSet: config.login !== null,
    passwordSet: config.password !== null,
    priceType: config.priceType,
    fileLimit: config.fileLimit,
    maxFileBytes: config.maxFileBytes,
  };
}
