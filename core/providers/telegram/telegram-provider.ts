export type TelegramResult = { ok: true; ref: string } | { ok: false; reason: string };

/** The shop's own alerts to a Telegram chat through the Bot API (new paid orders, core/messages). */
export interface TelegramProvider {
  readonly name: string;
  /**
   * Posts `text` (plain text) to the shop's chat. A refusal by Telegram (a wrong chat, the bot
   * blocked) is a result; a network fault or a 5xx throws, so the job is tried again.
   */
  sendToShop(text: string): Promise<TelegramResult>;
}
