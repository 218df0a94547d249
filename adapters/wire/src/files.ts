import { z } from 'zod';
import { FILE_ID_PATTERN } from '@dpms/core';

/** Ids the server issued for uploaded files: never a path or an address. */
export const fileIdList = (field = 'files') =>
  z
    .array(
      z
        .string()
        .trim()
        .regex(FILE_ID_PATTERN, {
          error: `参数 ${field} 只能是上传接口返回的文件标识（fileId）`,
        }),
    )
    .max(50)
    .optional();
