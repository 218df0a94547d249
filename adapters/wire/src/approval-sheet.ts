import { z } from 'zod';
import type { ApprovalSheet } from '@dpms/core';

/*
 * The approval sheet in the detail's answer (core's `ApprovalSheet`): the linked record's
 * figures, each with its label in the spec's words, its unit, and what it was before where the
 * record changed it. Screens render it with core's `sheetFigureLabel` and `sheetFigureText`.
 */

export const approvalSheetFigure = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string(),
  unit: z.enum(['万元', '%']).optional(),
  before: z.string().optional(),
});

export const approvalSheetSection = z.object({
  title: z.string(),
  figures: z.array(approvalSheetFigure).readonly(),
});

export const approvalSheet: z.ZodType<ApprovalSheet> = z
  .object({
    recordKind: z.string().nullable(),
    recordId: z.string().nullable(),
    source: z.enum(['record', 'form']),
    title: z.string(),
    sections: z.array(approvalSheetSection).readonly(),
  })
  .meta({ id: 'ApprovalSheet' });
