import { APPROVAL_TYPE_CATALOGUE, approvalTypeLabel } from '@dpms/core';

/** The approval types as select options, in the catalogue's order and the spec's words. */
export const TYPE_OPTIONS = APPROVAL_TYPE_CATALOGUE.map((t) => ({
  value: t.code,
  label: approvalTypeLabel(t.code),
}));
