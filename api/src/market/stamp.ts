/** A value with the stamp it was loaded under: a new stamp whenever the value changed. */
export interface Stamped<T> {
  stamp: number;
  value: T;
}

let stamps = 0;

/** A stamp no value of this process had before (one counter for every part of the market). */
export const nextStamp = (): number => ++stamps;
