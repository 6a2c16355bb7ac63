import { afterEach, describe, expect, it, vi } from 'vitest';

// Fresh module state per test: the handlers are module-level registrations.
const load = async () => {
  vi.resetModules();
  return import('./second-factor-prompt');
};

afterEach(() => {
  vi.useRealTimers();
});

describe('second-factor prompts asked before the prompts have loaded', () => {
  it('an enrolment asked early is delivered when the prompts register', async () => {
    const prompt = await load();
    prompt.requestEnrolment();
    const handler = vi.fn();
    prompt.onEnrolRequest(handler);
    expect(handler).toHaveBeenCalledTimes(1);
    // Delivered once: a later registration does not see it again.
    const again = vi.fn();
    prompt.onEnrolRequest(again);
    expect(again).not.toHaveBeenCalled();
  });

  it('an early enrolment older than the wait is dropped', async () => {
    vi.useFakeTimers();
    const prompt = await load();
    prompt.requestEnrolment();
    vi.advanceTimersByTime(11_000);
    const handler = vi.fn();
    prompt.onEnrolRequest(handler);
    expect(handler).not.toHaveBeenCalled();
  });

  it('a step-up asked early waits for the dialog, and every waiting call shares its answer', async () => {
    const prompt = await load();
    const first = prompt.requestStepUp();
    const second = prompt.requestStepUp();
    const dialog = vi.fn(() => Promise.resolve(true));
    prompt.onStepUpRequest(dialog);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(dialog).toHaveBeenCalledTimes(1);
  });

  it('a step-up with no prompts at all gives up after the wait', async () => {
    vi.useFakeTimers();
    const prompt = await load();
    const answer = prompt.requestStepUp();
    await vi.advanceTimersByTimeAsync(10_001);
    await expect(answer).resolves.toBe(false);
  });
});
