/**
 * One e-mail as data: what a template renders, what the queue stores with its job
 * (`mail_jobs.message`) and what every sender reads. The SMTP sender has nodemailer build the MIME
 * from it; the development outbox keeps it as JSON. Nothing in the shop reads MIME back.
 */
export type MailMessage = {
  to: string;
  /** The sender's display name (the club's), beside the installation's address (MAIL_FROM). */
  fromName?: string;
  /** Where an answer goes (the buyer, for the shop's notice of an order; the sender of a form). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); nodemailer adds them as given. */
  headers?: Record<string, string>;
  /** Files sent with it (a gift card's PDF); base64, so the message stays JSON in the queue and the outbox. */
  attachments?: MailAttachment[];
  /**
   * It carries a secret the shop keeps only hashed (a gift card's code): once the mail server has
   * taken it, the queue's row keeps its envelope and subject, not its text, HTML or files.
   */
  forgetBodyOnceSent?: boolean;
};

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** The development outbox's record of a message: the message as sent, with its envelope. */
export type OutboxMessage = MailMessage & {
  /** `<key@domain>`, the same on every attempt of one job. */
  messageId: string;
  from: string;
  /** ISO time the outbox took it. */
  date: string;
};
