import { describe, expect, it } from 'vitest';
import { matchingZones, timeZoneChoices } from './TimeZoneSelect';

describe('the institute time zone choices', () => {
  it('offers Asia/Shanghai first, then every zone the runtime knows, once each, in order', () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe('Asia/Shanghai');
    expect(new Set(zones).size).toBe(zones.length);
    const rest = zones.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    for (const z of Intl.supportedValuesOf('timeZone')) expect(zones).toContain(z);
    expect(zones).toContain('UTC');
  });

  it('finds zones by any part of the name, case and space insensitive', () => {
    const zones = timeZoneChoices();
    expect(matchingZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(matchingZones(zones, 'SHANG')).toEqual(['Asia/Shanghai']);
    expect(matchingZones(zones, '')).toEqual(zones);
    expect(matchingZones(zones, 'Mars/Olympus')).toEqual([]);
  });
});
