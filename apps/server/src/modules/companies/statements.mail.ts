import { formatIn, toMajor } from '@kanna/shared';
import { issuedDocumentPath } from '@kanna/shared/domain/archive';
import { statementAsksPayment } from '@kanna/shared/domain/companies';
import type { companies, statements } from '../../db/schema';

/*
 * The mails of monthly statements (decision 0069), to the company's billing e-mail in the
 * company's language (Japanese unless it chose English): the statement issued, and the reminders
 * three days before its due date and on its first overdue day — only for a statement that asks for
 * money. Each names the statement's number as the transfer reference and links its PDF.
 */

type CompanyRow = typeof companies.$inferSelect;
type StatementRow = typeof statements.$inferSelect;

/**
 * The mail of a statement just issued, in the words of its PDF (`documentTexts`): the amount due
 * and its due date, or — money received beyond what was owed leaving a credit (前受金) — the credit
 * remaining and that there is nothing to pay; a credit carried forward is named as on the PDF.
 * No figure below zero is written. The PDF's texts are loaded with the first statement, not at
 * start (nothing of the documents' module is on the start path: start-path.test.ts).
 */
export async function statementMail(publicUrl: string, company: CompanyRow, row: StatementRow) {
  const language = company.language ?? 'ja';
  const { documentTexts } = await import('../documents/texts');
  const words = documentTexts[language].statement;
  const money = (minor: number) => formatIn(toMajor(minor, row.currency), row.currency);
  const link = `${publicUrl}${issuedDocumentPath(row.number)}`;
  const nothingToPay = !statementAsksPayment(row.amountDueMinor);
  // A credit left is named with its amount; a statement of nothing only says there is nothing to pay.
  const creditLeft = (label: string) =>
    row.amountDueMinor < 0 ? [`${label}${money(-row.amountDueMinor)}`] : [];
  const nothing = row.amountDueMinor < 0 ? words.nothingToPay : words.nothingDue;
  const carried =
    row.carriedForwardMinor < 0 ? [words.creditCarriedNote(money(-row.carriedForwardMinor))] : [];
  if (language === 'ja') {
    const figures = nothingToPay
      ? [...creditLeft(`${words.creditLeft}：`), nothing, ...carried, '']
      : [
          `ご請求金額：${money(row.amountDueMinor)}`,
          `お支払期日：${row.dueOn}`,
          ...carried,
          '',
          `お振込みの際は、ご依頼人名の前に「${row.number}」とご入力ください。`,
        ];
    return {
      to: company.billingEmail,
      subject: `請求書 ${row.number}（${row.closingDate}締め）`,
      text: [
        `${company.name} 御中`,
        '',
        `${row.periodFrom}〜${row.periodTo}分の請求書 ${row.number} を発行いたしました。`,
        '',
        ...figures,
        `請求書（PDF、ログインが必要です）：${link}`,
        '',
      ].join('\n'),
      link,
    };
  }
  const figures = nothingToPay
    ? [...creditLeft(`${words.creditLeft}: `), nothing, ...carried, '']
    : [
        `Amount due: ${money(row.amountDueMinor)}`,
        `Due on: ${row.dueOn}`,
        ...carried,
        '',
        `Please give ${row.number} as the reference of your transfer.`,
      ];
  return {
    to: company.billingEmail,
    subject: `Statement ${row.number} (closing ${row.closingDate})`,
    text: [
      company.name,
      '',
      `Your statement ${row.number} for ${row.periodFrom} to ${row.periodTo} is issued.`,
      '',
      ...figures,
      `The statement (PDF, sign in to open): ${link}`,
      '',
    ].join('\n'),
    link,
  };
}

/** A reminder: before its due date, or on its first overdue day. */
export function reminderMail(
  publicUrl: string,
  company: CompanyRow,
  row: StatementRow,
  kind: 'before' | 'overdue',
) {
  const money = formatIn(toMajor(row.amountDueMinor, row.currency), row.currency);
  const link = `${publicUrl}${issuedDocumentPath(row.number)}`;
  if ((company.language ?? 'ja') === 'ja')
    return {
      to: company.billingEmail,
      subject:
        kind === 'before'
          ? `お支払期日のお知らせ：請求書 ${row.number}（${row.dueOn}）`
          : `お支払いのお願い：請求書 ${row.number}（期日 ${row.dueOn}）`,
      text:
        kind === 'before'
          ? `${company.name} 御中\n\n請求書 ${row.number}（ご請求金額 ${money}）のお支払期日は ${row.dueOn} です。\nお振込みの際は、ご依頼人名の前に「${row.number}」とご入力ください。\nすでにお手続きがお済みの場合は、本メールと行き違いとなりましたことをご容赦ください。\n請求書：${link}\n`
          : `${company.name} 御中\n\n請求書 ${row.number}（ご請求金額 ${money}）のお支払期日 ${row.dueOn} を過ぎましたが、ご入金を確認できておりません。\nお支払いが確認できるまで、掛けでの新規ご注文はお受けできません。お早めにお振込みくださいますようお願い申し上げます。\nすでにお手続きがお済みの場合は、本メールと行き違いとなりましたことをご容赦ください。\n請求書：${link}\n`,
      link,
    };
  return {
    to: company.billingEmail,
    subject:
      kind === 'before'
        ? `Statement ${row.number} is due on ${row.dueOn}`
        : `Statement ${row.number} is overdue (due ${row.dueOn})`,
    text:
      kind === 'before'
        ? `${company.name}\n\nA reminder: statement ${row.number} (amount due ${money}) is due on ${row.dueOn}.\nPlease give ${row.number} as the reference of your transfer. If you have paid already, thank you, and please ignore this mail.\nThe statement: ${link}\n`
        : `${company.name}\n\nStatement ${row.number} (amount due ${money}) was due on ${row.dueOn} and we have not received its payment yet.\nUntil it is paid, new orders on account are on hold. Please give ${row.number} as the reference of your transfer. If you have paid already, thank you, and please ignore this mail.\nThe statement: ${link}\n`,
    link,
  };
}
