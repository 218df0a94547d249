import type { ListPage, ListQuery } from '../platform/list-query.js';
import { isValidApprovalDate } from '../approval/template-validation.js';
import { err, ok, type Result } from '../shared/result.js';
import { type TaskResult, type TaskSongda } from './task.js';
import { isTaskConfirmed } from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import { textLength, validateResultUpload } from './task-validation.js';
import type {
  TaskFileKind,
  TaskFileLink,
  TaskResultListFilter,
  TaskResultRow,
} from './task.repository.port.js';
import type { ResultUploadInput, SongdaInput, TaskActor } from './task-inputs.js';
import { viewerOf } from './task-inputs.js';
import { TaskSheetsService } from './task-sheets.service.js';
import { RESULT_UPLOAD_TYPES } from '../upload/file-type.js';

/** Task and contract files, results and deliveries (TaskService's second layer). */
export abstract class TaskResultsService extends TaskSheetsService {
  // ---- task files and contract files ---------------------------------------------------------

  uploadTaskFiles(taskId: number, fileIds: readonly string[], actor: TaskActor) {
    return this.write(async (r, now) => {
      await this.visible(r, taskId, actor);
      const files = await this.files(r, fileIds, 'fileList');
      await r.results.linkFiles('task', taskId, files, actor.userId, now);
      return ok(await r.results.listFiles('task', taskId));
    });
  }

  deleteTaskFile(linkId: number, actor: TaskActor): Promise<Result<{ linkId: number }>> {
    return this.write(async (r, now) => {
      const link = await r.results.findFile(linkId);
      if (link === null || link.kind !== 'task') return err(taskErrors.resultNotFound());
      await this.visible(r, link.ownerId, actor);
      await r.results.unlinkFile(linkId, now);
      return ok({ linkId });
    });
  }

  uploadContractFiles(
    kind: Extract<TaskFileKind, 'contractDesign' | 'government'>,
    contractId: number,
    fileIds: readonly string[],
    actor: TaskActor,
  ) {
    return this.write(async (r, now) => {
      if (!(await r.directory.contractVisible(contractId, viewerOf(actor))))
        return err(taskErrors.contractNotFound());
      const files = await this.files(r, fileIds, 'fileList');
      await r.results.linkFiles(kind, contractId, files, actor.userId, now);
      return ok(await r.results.listFiles(kind, contractId));
    });
  }

  contractFiles(
    kind: Extract<TaskFileKind, 'contractDesign' | 'government'>,
    contractId: number,
    actor: TaskActor,
  ): Promise<Result<readonly TaskFileLink[]>> {
    return this.read(async (r) => {
      if (!(await r.directory.contractVisible(contractId, viewerOf(actor))))
        return err(taskErrors.contractNotFound());
      return ok(await r.results.listFiles(kind, contractId));
    });
  }

  // ---- results -------------------------------------------------------------------------------

  /**
   * uploadResultFileV2 (and the history variant): a result file of a confirmed task, or, with
   * `acceptance` and `resultId`, the acceptance file of a result. A history result is recorded as
   * confirmed and needs no confirmed task.
   */
  uploadResult(input: ResultUploadInput, actor: TaskActor, history = false) {
    return this.write(async (r, now) => {
      const t = await this.visible(r, input.taskId, actor, true);
      if (!history && !isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      if (input.acceptance === true) {
        if (input.resultId === undefined) return err(taskErrors.required('resultId'));
        const result = await r.results.findById(input.resultId, true);
        if (result === null || result.taskId !== t.taskId) return err(taskErrors.resultNotFound());
        if (result.acceptanceConfirmed) return err(taskErrors.resultConfirmedLocked());
        const files = await this.files(r, input.fileIds ?? [], 'fileList');
        await r.results.linkFiles('acceptance', result.resultId, files, actor.userId, now);
        return ok(await this.result(r, result.resultId));
      }
      const checked = validateResultUpload({ fileName: input.fileName, fileIds: input.fileIds });
      if (!checked.ok) return checked;
      const memo = (input.memo ?? '').trim();
      if (textLength(memo) > 1000) return err(taskErrors.tooLong('memo', 1000));
      const major =
        input.majorId === null || input.majorId === undefined
          ? null
          : t.majorList.find((m) => m.majorId === input.majorId);
      if (major === undefined) return err(taskErrors.invalidValue('majorId'));
      // A result may be a CAD drawing (000 §9); its acceptance file and the other records may not.
      const files = await this.files(
        r,
        [checked.value.fileId],
        'fileList',
        false,
        RESULT_UPLOAD_TYPES,
      );
      const resultId = await r.results.insert(
        {
          taskId: t.taskId,
          majorId: major?.majorId ?? null,
          majorName: major?.majorName ?? '',
          fileName: checked.value.fileName,
          fileProp: (input.fileProp ?? '').trim().slice(0, 50),
          memo,
          history,
          userId: actor.userId,
          userName: actor.userName,
        },
        now,
      );
      await r.results.linkFiles('result', resultId, files, actor.userId, now);
      if (history) await r.results.setConfirmed(resultId, 'result', actor.userId, now);
      return ok(await this.result(r, resultId));
    });
  }

  /** confirmTaskResult / confirmTaskResultOnAcceptanceFile: by the task's project manager, once. */
  confirmResult(resultId: number, which: 'result' | 'acceptance', actor: TaskActor) {
    return this.write(async (r, now) => {
      const result = await r.results.findById(resultId, true);
      if (result === null) return err(taskErrors.resultNotFound());
      const t = await this.visible(r, result.taskId, actor, true);
      if (t.projectManagerId !== actor.userId) return err(taskErrors.resultConfirmer());
      if (which === 'result') {
        if (result.resultConfirmed) return err(taskErrors.resultAlreadyConfirmed());
      } else {
        if (result.acceptanceConfirmed) return err(taskErrors.acceptanceAlreadyConfirmed());
        if (!result.resultConfirmed || result.acceptanceFiles.length === 0)
          return err(taskErrors.acceptanceMissing());
      }
      await r.results.setConfirmed(resultId, which, actor.userId, now);
      if (which === 'result' && !t.finished) await this.save(r, t, { finished: true }, now);
      return ok(await this.result(r, resultId));
    });
  }

  /** deleteAttachment: a result not yet confirmed, by its uploader or the task's manager. */
  deleteResult(resultId: number, actor: TaskActor): Promise<Result<{ resultId: number }>> {
    return this.write(async (r, now) => {
      const result = await r.results.findById(resultId, true);
      if (result === null) return err(taskErrors.resultNotFound());
      await this.visible(r, result.taskId, actor);
      if (result.resultConfirmed) return err(taskErrors.resultConfirmedLocked());
      await r.results.delete(resultId, now);
      return ok({ resultId });
    });
  }

  resultFile(resultId: number, actor: TaskActor): Promise<Result<TaskResult>> {
    return this.read(async (r) => {
      const result = await r.results.findById(resultId);
      if (result === null) return err(taskErrors.resultNotFound());
      await this.visible(r, result.taskId, actor);
      return ok(result);
    });
  }

  taskResults(taskId: number, actor: TaskActor): Promise<Result<readonly TaskResult[]>> {
    return this.read(async (r) => {
      await this.visible(r, taskId, actor);
      return ok(await r.results.listByTask(taskId));
    });
  }

  listResults(
    query: ListQuery<TaskResultListFilter, 'resultId'>,
    actor: TaskActor,
  ): Promise<ListPage<TaskResultRow>> {
    return this.uow.transaction((r) => r.results.list(query, viewerOf(actor)));
  }

  /** getMajorTaskResultList: a task's results by discipline (those without one last). */
  majorResults(taskId: number, actor: TaskActor) {
    return this.read(async (r) => {
      const t = await this.visible(r, taskId, actor);
      const results = await r.results.listByTask(taskId);
      const groups: { majorId: number | null; majorName: string; results: TaskResult[] }[] =
        t.majorList.map((m) => ({
          majorId: m.majorId,
          majorName: m.majorName,
          results: [...results.filter((x) => x.majorId === m.majorId)],
        }));
      const other = results.filter(
        (x) => x.majorId === null || !t.majorList.some((m) => m.majorId === x.majorId),
      );
      if (other.length > 0) groups.push({ majorId: null, majorName: '其他', results: [...other] });
      return ok(groups);
    });
  }

  // ---- deliveries ----------------------------------------------------------------------------

  insertSongda(input: SongdaInput, actor: TaskActor): Promise<Result<readonly TaskSongda[]>> {
    return this.write(async (r, now) => {
      const t = await this.visible(r, input.taskId, actor, true);
      if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      const date = (input.songdaDate ?? '').trim();
      if (date === '') return err(taskErrors.required('songdaDate'));
      if (!isValidApprovalDate(date)) return err(taskErrors.invalidDate('songdaDate'));
      const receiveUnit = (input.receiveUnit ?? '').trim();
      if (receiveUnit === '') return err(taskErrors.required('receiveUnit'));
      const texts = {
        receiveUnit,
        receiveUser: (input.receiveUser ?? '').trim(),
        content: (input.content ?? '').trim(),
      };
      for (const [k, v] of Object.entries(texts)) {
        const max = k === 'content' ? 1000 : 100;
        if (textLength(v) > max) return err(taskErrors.tooLong(k, max));
      }
      if (input.resultId !== null && input.resultId !== undefined) {
        const result = await r.results.findById(input.resultId);
        if (result === null || result.taskId !== t.taskId) return err(taskErrors.resultNotFound());
      }
      const files = await this.files(r, input.fileIds ?? [], 'fileList', true);
      const id = await r.results.insertSongda(
        {
          taskId: t.taskId,
          resultId: input.resultId ?? null,
          songdaDate: date,
          ...texts,
          userId: actor.userId,
        },
        now,
      );
      await r.results.linkFiles('songda', id, files, actor.userId, now);
      return ok(await r.results.listSongda(t.taskId));
    });
  }

  songdaList(taskId: number, actor: TaskActor): Promise<Result<readonly TaskSongda[]>> {
    return this.read(async (r) => {
      await this.visible(r, taskId, actor);
      return ok(await r.results.listSongda(taskId));
    });
  }
}
