import { z } from 'zod';
import { fieldMessagesOf } from '@dpms/core';
import { blankAsAbsent, nullAsAbsent } from './envelope.js';

/*
 * Field schemas the sub-record slices (filings, sub-contracts, pays, extensions) build from; kept
 * out of the package's index so each slice names only its own schemas there.
 */

const M = fieldMessagesOf();

/** Optional text bounded by core's limit, with core's message; null is absent. */
export const boundedText = (field: string, max: number, messages = M) =>
  z.preprocess(nullAsAbsent, z.string().trim().max(max, messages.tooLong(field, max)).optional());

/** An amount in 万元 as a decimal string (DESIGN §3); core's `contractAmount` checks it. */
export const amountText = () =>
  z
    .preprocess(nullAsAbsent, z.string().optional())
    .meta({ description: '万元，十进制字符串（不小于0，最多6位小数）' });

/** A yyyy-MM-dd date or blank; core's `isIsoDate` checks it. */
export const dateText = () =>
  z.preprocess(blankAsAbsent, z.string().optional()).meta({ format: 'date' });

/** The approval type of a submit (`2_1` …) of one group; the group's first type when absent. */
export const approvalTypeCode = (group: string) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(new RegExp(`^${group}_\\d$`), M.invalidValue('typeCode'))
      .optional(),
  );

export const approvalStatus = z.union([
  z.literal(-1),
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
]);
export const decimalText = () => z.string().meta({ description: '万元，十进制字符串' });
