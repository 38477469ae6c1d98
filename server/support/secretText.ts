import { inspect } from 'node:util';

const HIDDEN = '[redacted]';

/**
 * A secret from the configuration (the bridge identity's password). It prints, logs and
 * serialises as "[redacted]" wherever it ends up (a logged config, an error's context); only
 * `reveal()` gives the text, at the one place that sends it upstream.
 */
export class SecretText {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return HIDDEN;
  }
  toJSON(): string {
    return HIDDEN;
  }
  [inspect.custom](): string {
    return HIDDEN;
  }
}
