/** Sidebar themes; the shell starts dark (000 §9). */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

/** Component sizes; the shell starts medium (000 §9). */
export const COMPONENT_SIZES = ['large', 'medium', 'small', 'mini'] as const;
export type ComponentSize = (typeof COMPONENT_SIZES)[number];
export const DEFAULT_COMPONENT_SIZE: ComponentSize = 'medium';
