import { UAParser } from 'ua-parser-js';
import { type Message, message } from './message.js';

/** Longest User-Agent kept or parsed: real ones are a few hundred characters. */
export const USER_AGENT_MAX_LENGTH = 512;

/** A User-Agent as stored beside a session or an event: at most `USER_AGENT_MAX_LENGTH` characters. */
export function storedUserAgent(header: string | undefined): string {
  return (header ?? '').slice(0, USER_AGENT_MAX_LENGTH);
}

/** Longest client address kept: an IPv6 address with a zone fits, and so does nothing a misconfigured proxy lets through. */
export const ADDRESS_MAX_LENGTH = 64;

/**
 * A client address (`ctx.ip`) as stored beside a session. Behind a `TRUST_PROXY` set
 * higher than the proxies really in front, the address is whatever a client wrote into
 * X-Forwarded-For, so it is bounded like any other text from a request.
 */
export function storedAddress(ip: string): string {
  return ip.slice(0, ADDRESS_MAX_LENGTH);
}

/**
 * What a person recognises their device by, from a User-Agent, in the words of whoever
 * reads it: "Firefox on Ubuntu", "Chrome on Android", "Unknown browser" for a header no
 * parser knows (a script, an empty one). The names of browsers and systems are the
 * parser's, in no language. ua-parser-js 1.x (MIT; the 2.x line is AGPL) does the parsing.
 */
export function describeDevice(userAgent: string | null | undefined): Message {
  if (!userAgent) return message('device.unknown');
  const parsed = new UAParser(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
  const browser = parsed.getBrowser().name;
  const os = parsed.getOS();
  const system = os.name ? [os.name, os.version].filter(Boolean).join(' ') : null;
  if (!browser) return system ? message('device.unknownOn', { system }) : message('device.unknown');
  return system ? message('device.on', { browser, system }) : message('device.browser', { browser });
}
