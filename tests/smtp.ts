import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server for the tests (ADR 032), on 127.0.0.1 and a free port: what the site
// sends goes through a whole SMTP conversation and is read back as a mail program would
// (mailparser). `mode` decides the answers to each message's RCPT TO:
// - "accept": every message is taken;
// - "temporary": the first `refusals` messages get 451 (try later), then they are taken;
// - "permanent": every message gets 550 (no such mailbox).

export type SmtpMode = "accept" | "temporary" | "permanent";

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** A header's value as sent, unfolded ("" when absent). */
  header(name: string): string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** When each message arrived (Date.now()), parsed or not. */
  arrivals: number[];
  /** How many RCPT TOs were refused (4xx or 5xx). */
  refused: number;
  setMode(mode: SmtpMode, refusals?: number): void;
  /** Resolves with the received mail once `count` have arrived (polling, no timers to tune). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

export async function startTestSmtp({
  mode = "accept",
  refusals = 1,
  parse = true,
}: {
  mode?: SmtpMode;
  refusals?: number;
  /** false: only count arrivals (the bench: thousands of messages, no parsing cost). */
  parse?: boolean;
} = {}): Promise<TestSmtp> {
  let current = mode;
  let refusalsLeft = refusals;
  const received: ReceivedMail[] = [];
  const arrivals: number[] = [];
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (current === "permanent") {
        state.refused++;
        return callback(smtpError(550, "5.1.1 No such mailbox"));
      }
      if (current === "temporary" && refusalsLeft > 0) {
        refusalsLeft--;
        state.refused++;
        return callback(smtpError(451, "4.7.1 Try again later"));
      }
      callback();
    },
    onData(stream, session, callback) {
      if (!parse) {
        stream.resume();
        stream.on("end", () => {
          arrivals.push(Date.now());
          callback();
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const lines = parsed.headerLines;
          arrivals.push(Date.now());
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            header: (name) => {
              const line = lines.find((entry) => entry.key === name.toLowerCase())?.line ?? "";
              return line
                .slice(line.indexOf(":") + 1)
                .replace(/\r?\n\s+/g, " ")
                .trim();
            },
            parsed,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    arrivals,
    get refused() {
      return state.refused;
    },
    setMode(mode, count = 1) {
      current = mode;
      refusalsLeft = count;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} e-mails, ${received.length} arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
