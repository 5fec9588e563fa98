/** The notifications domain's public face: the e-mails events send, and their turn-off links (ADR 0047). */
export * from "./billing-mail.server";
export * from "./credits-mail.server";
export * from "./plan-ending.server";
export * from "./turn-off-link.server";
export {
  /** @internal Tests wait for the notifications an event started. */
  notificationsSettled,
} from "./notify.server";
