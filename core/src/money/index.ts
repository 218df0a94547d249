export * from './money-decimal.js';
export * from './money-messages.js';
export * from './amount.js';
export * from './amount-in-words.js';
export * from './amount-input.js';
export * from './amount-display.js';
