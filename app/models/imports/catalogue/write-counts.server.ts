/** What a catalogue import asks of existing rows, and what it counts as it writes. */

export type SkipFlags = {
  skipExistingParts: boolean;
  skipExistingVehicles: boolean;
  skipExistingCompatibilities: boolean;
};

export type WriteCounts = {
  createdParts: number;
  updatedParts: number;
  skippedParts: number;
  createdVehicles: number;
  updatedVehicles: number;
  skippedVehicles: number;
  createdCompatibilities: number;
  updatedCompatibilities: number;
  skippedCompatibilities: number;
  createdCategories: number;
  createdAlternativeCodes: number;
};

export const noCounts = (): WriteCounts => ({
  createdParts: 0,
  updatedParts: 0,
  skippedParts: 0,
  createdVehicles: 0,
  updatedVehicles: 0,
  skippedVehicles: 0,
  createdCompatibilities: 0,
  updatedCompatibilities: 0,
  skippedCompatibilities: 0,
  createdCategories: 0,
  createdAlternativeCodes: 0,
});

export function addCounts(total: WriteCounts, more: WriteCounts): WriteCounts {
  const sum = { ...total };
  for (const key of Object.keys(sum) as (keyof WriteCounts)[]) sum[key] += more[key];
  return sum;
}
