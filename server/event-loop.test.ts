import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { answerEventLoopQuestions, type EventLoopFigures } from "./event-loop.ts";

// ADR 030: the bench asks a server it started how long the event loop was held, over the IPC
// channel it gave it; nothing else can ask.

class FakeChannel extends EventEmitter {
  sent: unknown[] = [];
  send = (message: unknown) => this.sent.push(message);
  channel = { unref: () => {} };
  ask(question: "reset" | "read") {
    this.emit("message", { eventLoop: question });
    return this.sent.at(-1);
  }
}

const holdTheLoop = (ms: number) => {
  const start = process.threadCpuUsage();
  for (;;) {
    const used = process.threadCpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
};

const nextTurns = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("answerEventLoopQuestions", () => {
  it("measures nothing unless asked to and given a channel", () => {
    expect(answerEventLoopQuestions({}, new FakeChannel())).toBeUndefined();
    const noChannel = Object.assign(new FakeChannel(), { send: undefined });
    expect(answerEventLoopQuestions({ EVENT_LOOP_REPORT: "1" }, noChannel)).toBeUndefined();
  });

  it("reports the longest block since the last reset, in time and in CPU", async () => {
    const channel = new FakeChannel();
    const stop = answerEventLoopQuestions({ EVENT_LOOP_REPORT: "1" }, channel);
    try {
      await nextTurns(20);
      holdTheLoop(40);
      await nextTurns(20);
      const held = channel.ask("read") as { eventLoop: EventLoopFigures };
      expect(held.eventLoop.maxMs).toBeGreaterThanOrEqual(35);
      expect(held.eventLoop.maxCpuMs).toBeGreaterThanOrEqual(35);
      expect(held.eventLoop.count).toBeGreaterThan(0);

      expect(channel.ask("reset")).toEqual({ eventLoop: "reset" });
      await nextTurns(20);
      const after = channel.ask("read") as { eventLoop: EventLoopFigures };
      expect(after.eventLoop.maxCpuMs).toBeLessThan(held.eventLoop.maxCpuMs);
    } finally {
      stop?.();
    }
  });

  it("ignores other messages", () => {
    const channel = new FakeChannel();
    const stop = answerEventLoopQuestions({ EVENT_LOOP_REPORT: "1" }, channel);
    channel.emit("message", { backup: "now" });
    channel.emit("message", "read");
    expect(channel.sent).toEqual([]);
    stop?.();
    channel.ask("read");
    expect(channel.sent).toEqual([]);
  });
});
