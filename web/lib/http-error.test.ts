import { describe, expect, it } from 'vitest';
import { fieldErrors, httpErrorFromResponse } from './http-error';

describe('httpErrorFromResponse', () => {
  it('uses the JSON message, code and data', async () => {
    const body = {
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Input validation failed',
      data: { issues: [{ path: ['password'], message: 'Too short' }] },
    };
    const error = await httpErrorFromResponse(new Response(JSON.stringify(body), { status: 400 }));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Input validation failed');
    expect(error.status).toBe(400);
    expect(error.code).toBe('BAD_REQUEST');
    expect(fieldErrors(error)).toEqual({ password: 'Too short' });
  });

  it('falls back to the body text, then to "HTTP error! status"', async () => {
    expect((await httpErrorFromResponse(new Response('Bad gateway', { status: 502 }))).message).toBe('Bad gateway');
    expect((await httpErrorFromResponse(new Response('', { status: 500 }))).message).toBe('HTTP error! status');
  });
});
