import nodemailer, { type Transporter } from "nodemailer";
import { loadEnv } from "../../config/env.server.ts";

// The one way the site sends e-mail: SMTP_URL (decisions 18). Shared by the contact form's
// forwarding and the administrators' links; without SMTP_URL nothing is sent.

let configuredTransport: { url: string; transport: Transporter } | undefined;

/** The transport for SMTP_URL, or null when the site sends no e-mail. */
export function transportFromEnvironment(): Transporter | null {
  const url = loadEnv().SMTP_URL;
  if (!url) return null;
  if (configuredTransport?.url !== url) {
    configuredTransport = {
      url,
      // Short timeouts: a mail server that does not answer must not hold requests or memory.
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return configuredTransport.transport;
}

let bulkTransport: { url: string; transport: Transporter } | undefined;

/**
 * ADR 032: the supporters' mail goes out through one kept connection (nodemailer's pool of
 * one), not a new SMTP conversation per message; null without SMTP_URL.
 */
export function bulkTransportFromEnvironment(): Transporter | null {
  const url = loadEnv().SMTP_URL;
  if (!url) return null;
  if (bulkTransport?.url !== url) {
    bulkTransport?.transport.close();
    bulkTransport = {
      url,
      transport: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 1,
        maxMessages: 1000,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return bulkTransport.transport;
}

/** True when SMTP_URL is set: the screens that depend on e-mail (Forgot password) show. */
export function mailConfigured(): boolean {
  return Boolean(loadEnv().SMTP_URL);
}
