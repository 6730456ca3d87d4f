import { createHash } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Metrics } from '@hcs/platform';
import type { Caller } from '../../identity/principal';
import { requireKind } from '../../identity/rules/access';
import { epochDay, isoDateOfEpochDay } from '../../stay/calendar';
import { StayRestrictionRepository } from '../../catalog/ports/stay-restriction.repository';
import { WEEKDAYS, Weekday } from '../../catalog/rules/stay-restriction-input';
import { OversellReconciler } from '../../oversell/services/oversell-reconciler';
import { otaAnswer } from '../ota/ota-answer';
import { OtaCommands, OtaRestrictionRow, otaStampKeys, resolveOtaCommands, withoutStale } from '../ota/ota-commands';
import { OTA_ERROR, otaAnswerName, OtaIssue, OtaMessageName, readOtaRequest } from '../ota/ota-request';
import { parseOtaXml } from '../ota/ota-xml';
import { EchoTokenKey, OtaLedger } from '../ports/ota-ledger';
import { OtaAriWriter } from '../ports/ota-ari-writer';
import { OtaMessageLog } from '../ports/ota-message-log';
import { keptOtaAnswer, otaRequestExcerpt } from '../rules/ota-message-record';

export interface ReceiveOtaMessageCommand {
  message: OtaMessageName;
  body: string;
}

/** The RS and how the message ended (the metric's outcome). */
export interface OtaMessageAnswer {
  xml: string;
  outcome: 'success' | 'warnings' | 'errors' | 'replay';
  /** Values applied (subject, date, field). */
  applied: number;
  /** The RS's Warnings and Errors (0 for a replay, whose first answer was counted when it was sent). */
  warnings: number;
  errors: number;
  echoToken: string | null;
}

/** A restriction change over the dates of one rate plan: a range, optionally some weekdays only. */
interface RestrictionRun {
  ratePlanId: string;
  field: OtaRestrictionRow['field'];
  value: OtaRestrictionRow['value'];
  from: string;
  to: string;
  daysOfWeek: Weekday[] | null;
}

const weekdayOf = (day: number): Weekday => WEEKDAYS[(((day + 3) % 7) + 7) % 7];

/**
 * The rows of one (rate plan, field, value) as few range changes as the restrictions writer takes:
 * one range with the weekdays they fall on when they are every such day of their span, else one
 * range per run of consecutive dates.
 */
export function restrictionRuns(rows: OtaRestrictionRow[]): RestrictionRun[] {
  const groups = new Map<string, OtaRestrictionRow[]>();
  for (const row of rows) {
    const key = `${row.ratePlanId}|${row.field}|${String(row.value)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const runs: RestrictionRun[] = [];
  for (const group of groups.values()) {
    const { ratePlanId, field, value } = group[0];
    const days = group.map((r) => epochDay(r.night)!).sort((a, b) => a - b);
    const weekdays = new Set(days.map(weekdayOf));
    let expected = 0;
    for (let day = days[0]; day <= days[days.length - 1]; day++) if (weekdays.has(weekdayOf(day))) expected++;
    if (expected === days.length) {
      const daysOfWeek = weekdays.size === 7 ? null : WEEKDAYS.filter((d) => weekdays.has(d));
      runs.push({ ratePlanId, field, value, from: isoDateOfEpochDay(days[0]), to: isoDateOfEpochDay(days[days.length - 1]), daysOfWeek });
      continue;
    }
    let start = days[0];
    for (let i = 1; i <= days.length; i++) {
      if (i < days.length && days[i] === days[i - 1] + 1) continue;
      runs.push({ ratePlanId, field, value, from: isoDateOfEpochDay(start), to: isoDateOfEpochDay(days[i - 1]), daysOfWeek: null });
      start = days[i];
    }
  }
  return runs;
}

/**
 * A channel manager's OpenTravel ARI message (docs/channels.md): parsed with every error at once,
 * resolved against the channel's properties, filtered by the TimeStamp ordering rule and applied
 * all or nothing in one transaction, with the EchoToken's first answer kept for 24 hours.
 */
@Injectable()
export class ReceiveOtaMessage {
  constructor(
    private readonly ledger: OtaLedger,
    private readonly ari: OtaAriWriter,
    private readonly restrictions: StayRestrictionRepository,
    private readonly oversell: OversellReconciler,
    private readonly messages: OtaMessageLog,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async execute(command: ReceiveOtaMessageCommand, caller: Caller): Promise<OtaMessageAnswer> {
    requireKind(caller, 'channel');
    const answer = await this.receiveAndRecord(command, caller);
    this.metrics?.otaMessages.inc({ message: command.message, outcome: answer.outcome });
    if (answer.applied > 0) this.metrics?.otaDatesApplied.inc({ message: command.message }, answer.applied);
    return answer;
  }

  /** The message and its record commit together (docs/channels.md "Messages in"). */
  @Transactional()
  private async receiveAndRecord(command: ReceiveOtaMessageCommand, caller: Caller): Promise<OtaMessageAnswer> {
    const answer = await this.receive(command, caller);
    const kept = keptOtaAnswer(answer.xml);
    await this.messages.record({
      tenantId: caller.tenantId,
      channelId: caller.principalId,
      message: command.message,
      echoToken: answer.echoToken?.slice(0, 128) ?? null,
      outcome: answer.outcome,
      datesApplied: answer.applied,
      warnings: answer.warnings,
      errors: answer.errors,
      answer: kept.answer,
      answerTruncated: kept.truncated,
      requestExcerpt: otaRequestExcerpt(command.body),
      requestBytes: Buffer.byteLength(command.body, 'utf8'),
    });
    return answer;
  }

  @Transactional()
  private async receive(command: ReceiveOtaMessageCommand, caller: Caller): Promise<OtaMessageAnswer> {
    const name = otaAnswerName(command.message);
    const at = new Date();
    const document = parseOtaXml(command.body);
    if (!document.root) {
      const error: OtaIssue = { type: OTA_ERROR.type.protocol, code: OTA_ERROR.code.unableToProcess, text: document.problem.message, path: '/' };
      const xml = otaAnswer({ name, echoToken: null, version: null, at }, { errors: [error], warnings: [] });
      return { xml, outcome: 'errors', applied: 0, warnings: 0, errors: 1, echoToken: null };
    }
    const request = readOtaRequest(command.message, document.root);
    const header = { name, echoToken: request.echoToken, version: request.version, at };
    const key: EchoTokenKey | null =
      request.echoToken !== null && request.echoToken.length >= 1 && request.echoToken.length <= 128
        ? { tenantId: caller.tenantId, channelId: caller.principalId, message: command.message, echoToken: request.echoToken }
        : null;
    if (key) {
      const claim = await this.ledger.claimEchoToken(key, createHash('sha256').update(command.body, 'utf8').digest('hex'));
      if (claim.state === 'replay') return { xml: claim.answer, outcome: 'replay', applied: 0, warnings: 0, errors: 0, echoToken: request.echoToken };
      if (claim.state === 'conflict') {
        const error: OtaIssue = {
          type: OTA_ERROR.type.protocol,
          code: OTA_ERROR.code.unableToProcess,
          text: `EchoToken "${request.echoToken}" was already sent with another message body in the last 24 hours`,
          path: document.root.path,
        };
        return {
          xml: otaAnswer(header, { errors: [error], warnings: [] }),
          outcome: 'errors',
          applied: 0,
          warnings: 0,
          errors: 1,
          echoToken: request.echoToken,
        };
      }
    }
    const finish = async (outcome: { errors: OtaIssue[]; warnings: OtaIssue[] }, applied: number): Promise<OtaMessageAnswer> => {
      const xml = otaAnswer(header, outcome);
      if (key) await this.ledger.saveAnswer(key, xml);
      return {
        xml,
        outcome: outcome.errors.length > 0 ? 'errors' : outcome.warnings.length > 0 ? 'warnings' : 'success',
        applied,
        // An RS with Errors carries no Warnings.
        warnings: outcome.errors.length > 0 ? 0 : outcome.warnings.length,
        errors: outcome.errors.length,
        echoToken: request.echoToken,
      };
    };
    if (request.errors.length > 0) return finish(request, 0);

    const slugs = [...new Set([...request.rates, ...request.restrictions, ...request.allotments].map((u) => u.hotelCode))];
    const properties = await this.ari.channelProperties(caller.tenantId, caller.principalId, slugs);
    const resolved = resolveOtaCommands(request, properties);
    if (resolved.errors.length > 0) return finish(resolved, 0);

    const planIds = [...new Set([...resolved.rates.map((r) => r.ratePlanId), ...resolved.restrictions.map((r) => r.ratePlanId)])];
    await this.ari.lockRatePlans(caller.tenantId, planIds);
    const stale = await this.ledger.keepNewer(caller.tenantId, request.stampedAt ?? at, otaStampKeys(resolved));
    const commands = withoutStale(resolved, stale, document.root.path);
    const warnings = [...commands.warnings, ...(await this.apply(caller.tenantId, commands, document.root.path))];
    return finish({ errors: [], warnings }, commands.rates.length + commands.restrictions.length + commands.allotments.length);
  }

  /** Writes the kept rows; answers a warning per room type left oversold by a lowered allotment. */
  private async apply(tenantId: string, commands: OtaCommands, rootPath: string): Promise<OtaIssue[]> {
    if (commands.rates.length > 0) await this.ari.putRates(tenantId, commands.rates);
    for (const run of restrictionRuns(commands.restrictions)) {
      await this.restrictions.setRestrictions(tenantId, run.ratePlanId, {
        range: { from: run.from, to: run.to },
        daysOfWeek: run.daysOfWeek,
        values: { [run.field]: run.value },
      });
    }
    if (commands.allotments.length === 0) return [];
    const applied = await this.ari.putAllotments(tenantId, commands.allotments);
    const warnings: OtaIssue[] = [];
    const byRoom = new Map<string, typeof applied>();
    for (const night of applied) byRoom.set(night.roomTypeId, [...(byRoom.get(night.roomTypeId) ?? []), night]);
    for (const [roomTypeId, nights] of byRoom) {
      const sorted = nights.map((n) => n.night).sort();
      await this.oversell.reconcile(tenantId, roomTypeId, 'inventory_change', { from: sorted[0], to: sorted[sorted.length - 1] });
      const oversold = nights.filter((n) => n.committed > n.allotment).sort((a, b) => a.night.localeCompare(b.night));
      if (oversold.length === 0) continue;
      warnings.push({
        type: OTA_ERROR.type.businessRule,
        code: OTA_ERROR.code.oversold,
        text: `room type ${commands.labels.get(roomTypeId) ?? roomTypeId} is oversold on ${oversold.length} date(s): ${oversold
          .slice(0, 5)
          .map((n) => `${n.night} has ${n.committed} held or sold for ${n.allotment}`)
          .join(', ')}; an oversell incident is open`,
        path: rootPath,
      });
    }
    return warnings;
  }
}
