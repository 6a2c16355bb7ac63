import type { ResolvedTheme } from '~/lib/theme';

/**
 * Chart colours per theme, close to the design tokens in styles.css (lightweight-charts wants
 * sRGB colours, not oklch). Contrast of text on the card background is AA in both themes.
 */
export interface ChartPalette {
  text: string;
  grid: string;
  border: string;
  crosshair: string;
  crosshairLabel: string;
  primary: string;
  primaryFill: string;
  secondary: string;
  up: string;
  upFill: string;
  down: string;
  downFill: string;
  warning: string;
  violet: string;
  violetFill: string;
}

export const CHART_PALETTES: Record<ResolvedTheme, ChartPalette> = {
  dark: {
    text: '#aab3c0',
    grid: 'rgba(148, 163, 184, 0.08)',
    border: 'rgba(148, 163, 184, 0.22)',
    crosshair: 'rgba(203, 213, 225, 0.45)',
    crosshairLabel: '#2b3340',
    primary: '#5fd3dc',
    primaryFill: 'rgba(95, 211, 220, 0.16)',
    secondary: '#b4bcc8',
    up: '#4cc98a',
    upFill: 'rgba(76, 201, 138, 0.16)',
    down: '#f0786b',
    downFill: 'rgba(240, 120, 107, 0.16)',
    warning: '#f2c14e',
    violet: '#b39cf5',
    violetFill: 'rgba(179, 156, 245, 0.14)',
  },
  light: {
    text: '#4a5361',
    grid: 'rgba(15, 23, 42, 0.06)',
    border: 'rgba(15, 23, 42, 0.16)',
    crosshair: 'rgba(51, 65, 85, 0.45)',
    crosshairLabel: '#334155',
    primary: '#0b7285',
    primaryFill: 'rgba(11, 114, 133, 0.12)',
    secondary: '#5b6472',
    up: '#1f8a55',
    upFill: 'rgba(31, 138, 85, 0.12)',
    down: '#c9372c',
    downFill: 'rgba(201, 55, 44, 0.12)',
    warning: '#a66300',
    violet: '#6d4fd1',
    violetFill: 'rgba(109, 79, 209, 0.1)',
  },
};
