import { messages, type Named } from './messages';
import { type Currency, formatAmount, formatIn, formatMoney } from './money';
import { FIRST_YEAR, LAST_YEAR } from './timestamps';
import { MAX_RECORDED_PAYMENT_CENTS } from './transfers';
import { localizer, type Translation } from './translation';

// Every text of messages.ts in Japanese, key for key (a key missing here is a type error); the
// web app loads this file for Japanese readers only. Money stays in dollars.

/** The fields and things the English texts name, as a Japanese reader knows them. */
const named: Translation<typeof messages.named> = {
  phone: '電話番号',
  district: '地区',
  city: '市区町村',
  address: '住所',
  name: '名前',
  'This tool': 'この工具',
  'This order': 'このご注文',
  'This user': 'このユーザー',
  'This review': 'このレビュー',
  'This image': 'この画像',
  'This enquiry': 'このお問い合わせ',
  'This postal code': 'この郵便番号',
  'This document': 'この書類',
  'This quote': 'この見積書',
  'This request for a quote': 'この見積依頼',
  carrier: '配送業者',
  'tracking number': '追跡番号',
  'legal name': '正式名称',
  'legal name in Japanese': '日本語の正式名称',
  'address in Japanese': '日本語の住所',
  'zone name': '地域名',
  'bank name': '銀行名',
  branch: '支店名',
  'account type': '口座種別',
  'account number': '口座番号',
  'account holder': '口座名義',
  'free-from amount': '送料無料になる金額',
  'minimum order value': '最低注文金額',
  'shipping rate in yen': '円の送料',
  'free-from amount in yen': '送料無料になる金額（円）',
  'minimum order in yen': '最低注文金額（円）',
  'amount received': '入金額',
  // The product form's numbers.
  'Minimum quantity': '最小注文数量',
  'Available quantity': '在庫数',
  'Loaded available quantity': '読み込んだ時の在庫数',
  'Break quantity': '割引の適用数量',
  Price: '価格',
  'Pack size': '入数',
  'This page': 'このページ',
  title: 'タイトル',
  'This list': 'このリスト',
  'This price list': 'この価格表',
  // The buyer's company and address book.
  'This address': 'この住所',
  'This company': 'この会社',
  'This member': 'このメンバー',
  'This payment': 'この入金',
  label: '名称',
  recipient: '宛名',
  prefecture: '都道府県',
  street: '町名・番地',
  'address line': '住所',
  'postal code': '郵便番号',
};
const say = (name: Named): string => named[name];
const count = (n: number): string => n.toLocaleString('ja-JP');

export const messagesJa: Translation<typeof messages> = {
  named,
  chunkFailed: (chunk: string) => `チャンク ${chunk} を読み込めませんでした。`,
  testModeNotice:
    'テストモード：実際の支払いは行われません。4242 4242 4242 4242 などのテスト用カードでお支払いください。',
  emailRequired: 'メールアドレスを入力してください',
  emailInvalid: '有効なメールアドレスを入力してください',
  passwordRequired: 'パスワードを入力してください',
  passwordTooShort: 'パスワードは6文字以上で入力してください',
  passwordTooLong: 'パスワードは128文字以内で入力してください',
  passwordsDiffer: 'パスワードが一致しません',
  nameRequired: '名前を入力してください',
  resetEmailMissing: '有効なメールアドレスを入力してください',
  resetSent: 'メールを送信しました',
  registrationCompleted: '登録が完了しました',
  registrationFailed: 'メールアドレスが正しくありません',
  orderPlaced: 'ご注文を受け付けました。お支払いをお願いいたします',
  orderFailed: '申し訳ありません。もう一度ご注文ください',
  belowMinimum: '最小注文数量を下回る数量はご注文いただけません',
  aboveAvailable: '在庫数量を超える数量はご注文いただけません',
  orderCancelled: 'キャンセルしました',
  productDeleted: '削除しました',
  promoteForbidden: '管理者に設定できませんでした',
  promoted: '新しい管理者を設定しました',
  paymentCompleted: 'お支払いが完了しました。ありがとうございます',
  reviewPosted: 'レビューを投稿しました',
  productAdded: '新しい商品を追加しました',
  profileUpdated: 'プロフィールを更新しました',
  noUserLoggedIn: 'ログインしていません',
  metricsTokenRequired: 'GET /metrics には Authorization: Bearer <METRICS_TOKEN> ヘッダーが必要です',
  noData: 'データがありません',
  newsletterSubscribed: 'ありがとうございます。ニュースレターの購読を登録しました。',
  newsletterEmailInvalid: '購読には有効なメールアドレスを入力してください。',
  priceChanged: '価格が変更されました。ご注文内容をご確認のうえ、もう一度お試しください',
  quantityWhole: '数量は1個単位の整数で入力してください',
  phoneRequired: '電話番号を入力してください',
  phoneInvalid:
    '電話番号は 03-1234-5678 のように市外局番から、または +44 20 7946 0958 のように国番号から入力してください（数字・スペース・ハイフン・括弧と先頭の + が使えます）',
  phoneHint: '03-1234-5678 のように市外局番から。海外からは + と国番号から入力してください。',
  noSuchBuyer: 'このメールアドレスのアカウントはありません。先にお客様の会員登録が必要です',
  poNumberInvalid: '発注番号は1〜40文字の1行で入力してください',
  requestedDateInvalid: '納品希望日は 2026-12-24 のような日付で入力してください',
  requestedDatePast: (today: string) => `納品希望日は本日（${today}）以降の日付を入力してください`,
  requestedDateTooFar: (last: string) => `納品希望日は1年以内（${last}まで）の日付を入力してください`,
  addressRequired: '住所を入力してください',
  addressTooLong: '住所は500文字以内で入力してください',
  toolIdInvalid: '工具のIDが正しくありません。',
  linesOrTool: '注文明細（lines）か、工具（toolId）と数量（quantity）のどちらかを送信してください',
  soldOut: 'この工具は売り切れです',
  overCardLimit:
    'カード1回のお支払いは $999,999.99 までです。ここでは数量を減らすか、カートから注文して銀行振込でお支払いください。',
  orderTooLarge:
    '1回のご注文の合計は $9,999,999.99（¥999,999,999）までです。数量を減らすか、仕入先にお問い合わせください',
  paidCannotCancel: '支払い済みのご注文はキャンセルできません',
  cardDeclined: 'カードが拒否されました。',
  insufficientFunds: 'カードの残高が不足しています。',
  enquirySent: 'お問い合わせを営業担当に送信しました。メールにてご返信いたします。',
  quoteRequested: '見積のご依頼を営業担当に送信しました。メールにてご返信いたします。',
  enquiryStatusInvalid: "status は 'new' か 'answered' を指定してください",
  enquiryMarkedAnswered: '回答済みにしました',
  enquiryMarkedNew: '未対応に戻しました',
  orderShipped: '発送済みにしました',
  onlyPaidShips: '発送できるのは支払い済みのご注文だけです。',
  exportsBusy: (max: number) =>
    `注文のエクスポートがすでに${max}件ダウンロード中です。いずれかが終わってから、もう一度お試しください。`,
  nulCharacter: 'リクエストに保存できない NUL 文字（\\u0000）が含まれています。取り除いてください。',
  malformedText:
    'リクエストに正しくない Unicode のテキスト（\\ud800 のような単独のサロゲート）が含まれています。入力したとおりに送り直してください。',
  nestedTooDeeply: 'リクエストの本文の入れ子が深すぎます。',
  bodyTooLarge: (kilobytes: number) =>
    `リクエストの本文が大きすぎます。${kilobytes} KB 以内で送信してください。`,
  uploadUnreadable:
    'アップロードを読み取れませんでした。画像は multipart/form-data の "image" フィールドで送信してください。',
  searchTooLong: '検索語は100文字以内で入力してください。',
  auditKindUnknown: 'kind には product.update のような監査ログの種類を指定してください。',
  auditActorTooLong: 'actor にはメールアドレスかアカウントIDを指定してください。',
  requestInvalid: 'リクエストが正しくありません。',
  fieldInvalid: 'が正しくありません',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってから、もう一度お試しください。',
  serverFailed: '申し訳ありません。こちらで問題が発生しました。もう一度お試しください。',
  noApiRoute: (path: string) => `API ${path} はありません。`,
  notFound: (what: Named) => `${say(what)}は見つかりませんでした。`,
  imageIdInvalid: '画像のIDが正しくありません。',
  imageFileInvalid: '画像のファイル名が正しくありません。',
  cursorInvalid:
    'カーソルが正しくありません。次のページへのリンクをたどるか、最初のページからやり直してください。',
  dateInvalid: (edge: string) =>
    `${edge} には ${FIRST_YEAR}年から${LAST_YEAR}年までの実在する日付（2026-11-24 など）か、ISO 形式の日時（2026-11-24T09:30:00+09:00 など）を指定してください`,
  tooManyUncachedReads:
    'お使いの環境から1分間に異なるページや検索が多すぎます。しばらく待ってから、もう一度お試しください。',
  verifyEmailToOrder:
    'ご注文の前にメールアドレスの確認をお願いします。お送りしたメールのリンクを開くか、もう一度送信してください。',
  verifyEmailToReview:
    'レビューの投稿の前にメールアドレスの確認をお願いします。お送りしたメールのリンクを開くか、もう一度送信してください。',
  toolNotReceived:
    'レビューは、その工具のご注文が発送された後に投稿できます。そのご注文のページからレビューしてください。',
  toolReviewedAlready: 'この工具はすでにレビュー済みです。レビューは1つの工具につき1回です。',
  verifyEmailToEnquire:
    'お問い合わせの前にメールアドレスの確認をお願いします。お送りしたメールのリンクを開くか、もう一度送信してください。',
  verificationSent: '新しいリンクをお送りしました。メールをご確認ください。',
  tooManyUnpaidOrders: (max: number) =>
    `未払いのご注文がすでに${max}件あります。次のご注文の前に、いずれかのお支払いまたはキャンセルをお願いします。`,
  unpaidYenTooHigh: (maxYen: number, heldYen: number) =>
    `円建ての未払いのご注文は1アカウントあたり合計 ${formatIn(maxYen, 'JPY')} までで、現在すでに ${formatIn(heldYen, 'JPY')} あります。先に未払いのご注文をお支払いいただくか、数量を減らすか、大口注文の承認をショップにご依頼ください。`,
  unpaidValueTooHigh: (maxDollars: number, heldDollars: number) =>
    `未払いのご注文は1アカウントあたり合計 ${formatMoney(maxDollars)} までで、現在すでに ${formatMoney(heldDollars)} あります。先に未払いのご注文をお支払いいただくか、数量を減らすか、大口注文の承認をショップにご依頼ください。`,
  buyerApproved: (name: string) =>
    `${name} さんを承認しました。未払いのご注文が金額の上限と工具の在庫の半分を超えられます。`,
  approvalWithdrawn: (name: string) => `${name} さんの大口の未払い注文の承認を取り消しました。`,
  adminOnly: 'この操作は管理者だけが行えます。',
  cannotDeleteSelf: 'ご自身のアカウントは削除できません。',
  lastAdminKept: '最後の管理者は削除できません。',
  lastAdminRoleKept: '最後の管理者の権限は外せません。先に別の方を管理者にしてください。',
  adminRemoved: (name: string) => `${name} さんは管理者ではなくなりました。`,
  emailNotTheAddress: '本文のメールアドレスがアドレスと一致しません。',
  ownAccountOnly: 'ご自身のアカウントだけを表示・変更できます。',
  overHalfOfStock: (productName: string, allowed: number) =>
    `未払いのご注文で確保できるのは ${productName} の在庫の半分（${count(allowed)}個）までです。数量を減らすか、大口注文の承認をショップにご依頼ください。`,
  nameTooLong: '名前は80文字以内で入力してください',
  nameInvalid: '名前は1行のテキストで入力してください',
  textInvalid: '1行のテキストで入力してください',
  pictureInvalid: 'このショップにアップロードした画像を選んでください',
  pictureMissing: 'この画像はありません。もう一度アップロードしてください',
  fieldRequired: (field: Named) => `${say(field)}を入力してください`,
  atMostCharacters: (max: number) => `${max}文字以内で入力してください`,
  webAddressInvalid: 'https:// から始まるウェブアドレスを入力してください',
  pictureNotMultipart: '画像は multipart/form-data の "image" フィールドで送信してください。',
  pictureFieldMissing: 'アップロードする画像を選んでください（"image" フィールド）。',
  pictureTooLarge: '画像が5 MBを超えています。',
  pictureWrongType:
    'JPEG・PNG・WebP・AVIF の画像をアップロードしてください（SVG などのファイルは使えません）。',
  pictureUnreadable: 'この画像を読み取れませんでした。別のファイルをお試しください。',
  paymentRefunded: 'お支払いの前にこのご注文がキャンセルされたため、お支払いは返金しました。',
  orderWasCancelled: 'このご注文はキャンセルされました。',
  orderAlreadyPaid: 'このご注文はお支払い済みです。',
  holdExpired: 'このご注文の在庫確保の期限が切れました。もう一度ご注文ください。',
  paymentNamesNoOrder: 'この支払いには注文が指定されていません。',
  paymentMismatch: 'この支払いはご注文と一致しません。',
  paymentNotThisOrder: 'この支払いはこのご注文のものではありません。',
  paymentNotCompleted: 'お支払いが完了していません。',
  webhookSignatureInvalid: 'Webhook の署名が正しくありません。',
  testPaymentNotFound: 'この支払いが見つかりませんでした。ページを再読み込みして、もう一度お試しください。',
  cancelledCannotBePaid: 'このご注文はキャンセルされたため、お支払いいただけません。',
  cardNumberInvalid: 'カード番号が正しくありません。',
  cardNumberIncomplete: 'カード番号が最後まで入力されていません。',
  cardExpiryIncomplete: 'カードの有効期限が最後まで入力されていません。',
  cardCvcIncomplete: 'カードのセキュリティコードが最後まで入力されていません。',
  enquiryMessageRequired: 'メッセージを入力してください',
  enquiryMessageTooLong: 'メッセージは2,000文字以内で入力してください',
  cardExpired: 'カードの有効期限が切れています。',
  testCardDeclined:
    'カードが拒否されました。このショップはテストモードです。4242 4242 4242 4242 などのテスト用カードをお使いください。',
  cancelPaymentPending:
    'このご注文のお支払いを今は止められなかったため、まだキャンセルされていません。数分後にもう一度お試しください。',
  belowMinimumOf: (min: number) => `最小注文数量 ${count(min)} を下回っています`,
  packSize: (size: number) => `${count(size)}個入りの販売です。${count(size)}の倍数でご注文ください`,
  onlyLeft: (available: number) => `在庫は残り${count(available)}個です`,
  toolNotForSale: 'この工具は販売を終了しました',
  duplicateLine: '1つの工具は1行にまとめてください。数量を変更してください',
  tooManyLines: (max: number) => `1回のご注文は${max}行までです`,
  emptyOrder: '工具を1つ以上追加してください',
  totalChanged: '合計金額が変わりました。ご注文内容をご確認のうえ、もう一度お試しください',
  packSizeInvalid: '入数は1以上の整数で入力してください',
  minimumNotOnPack: (size: number) => `最小注文数量は入数（${size}）の倍数にしてください`,
  breaksTooMany: (max: number) => `数量割引は${max}段階までです`,
  breakNotAboveMinimum: '数量割引は最小注文数量より多い数量から設定してください',
  breaksNotIncreasing: '数量割引は数量の小さい順に設定してください',
  breakNotOnPack: (size: number) => `数量割引は入数（${size}）の倍数から設定してください`,
  breakNotCheaper: '数量割引の単価は、ひとつ前の段階（と基本価格）より安くしてください',
  addedToCart: 'カートに追加しました',
  orderAgainSkipped: (names: string) => `売り切れまたは販売終了のため、追加できませんでした：${names}`,
  skuInvalid: (max: number) =>
    `品番は、印字可能な1〜${max}文字で入力してください（英数字・ハイフンなど。前後に空白は入れられません）。`,
  janInvalid: 'JANコードは13桁の数字で入力してください。',
  janCheckDigit:
    'このJANコードはチェックデジット（最後の桁）が正しくありません。バーコードの番号をご確認ください。',
  skuTaken: (sku: string) =>
    `品番 ${sku} はすでに販売中の別の工具に使われています。品番は1つの工具にだけ付けられます。`,
  janTaken: (jan: string) =>
    `JANコード ${jan} はすでに販売中の別の工具に使われています。JANコードは1つの工具にだけ付けられます。`,
  codeMissing: '品番またはJANコードを入力してください。',
  codeUnknown: (code: string) => `コード ${code} の工具は販売されていません。`,
  quickOrderTooManyRows: (max: number) => `一度に注文できるのは${max}行までです。`,
  fileTooLarge: (megabytes: number) => `ファイルが大きすぎます。${megabytes} MB以下にしてください。`,
  fileTooManyRows: (max: number) =>
    `ファイルの行数が${max}行を超えています。小さなファイルに分けてください。`,
  fileNotText:
    'このファイルはテキスト（CSV）ファイルではありません（NULバイトが含まれています）。表計算ソフトからCSV形式で保存し直してください。',
  fileEncodingUnknown:
    'このファイルはUTF-8としてもShift_JISとしても読めませんでした。表計算ソフトから「CSV UTF-8」形式で保存し直してください。',
  quantityNotNumber: (text: string) => `数量「${text}」が整数ではありません。`,
  listNameRequired: 'リスト名を入力してください。',
  listsTooMany: (max: number) =>
    `1つのアカウントで保存できるリストは${max}件までです。使わなくなったリストを削除してください。`,
  listLinesTooMany: (max: number) => `1つのリストに入れられるのは${max}行までです。`,
  cartWouldBeFull: (max: number) =>
    `カートに入れられる工具は${max}種類までです。カートから削除するか、短いリストを追加してください。`,
  priceListNameRequired: '価格表の名前を入力してください。',
  priceListNameTooLong: (max) => `価格表の名前は${max}文字以内で入力してください。`,
  priceListNameTaken: (name) => `「${name}」という価格表はすでにあります。別の名前にしてください。`,
  priceListPercentInvalid: (min, max) =>
    `掛率は${min}〜${max}%の範囲で、小数点以下2桁までで入力してください。`,
  priceListTooManyPrices: (max) => `1つの価格表に登録できる個別価格は${max}件までです。`,
  priceListPriceTwice: 'この工具には、この通貨の個別価格がすでに登録されています。',
  priceListCurrencyUnknown: '通貨は USD か JPY を指定してください。',
  priceListYenWhole: '円の価格は小数のない整数（円）で入力してください。',
  priceListToolRequired: 'この価格を設定する工具を選んでください。',
  productNameRequired: '商品名を入力してください',
  descriptionRequired: '説明を入力してください',
  productImageMissing: '画像をアップロードしてください',
  wholeNumberOf: (label: Named) => `${say(label)}は整数で入力してください`,
  atLeastOf: (label: Named, min: number) => `${say(label)}は${count(min)}以上にしてください`,
  tooLargeOf: (label: Named) => `${say(label)}が大きすぎます`,
  priceNotNumber: '価格は数値で入力してください',
  priceNotPositive: '価格は0より大きくしてください',
  priceDecimals: '価格の小数点以下は2桁までです',
  imageRequired: '画像をアップロードしてください',
  availableBelowMinimum: '在庫数量は最小注文数量以上にしてください',
  stockMovedSinceLoaded:
    '編集中にこの在庫の一部がご注文で確保されたため、そこまで減らせません。商品を再読み込みして、もう一度お試しください。',
  openAtPublicUrl: (publicUrl: string) =>
    `ログインや変更は ${publicUrl} で開いたページから行ってください。そちらでショップを開いて、もう一度お試しください。`,
  hostInvalid: 'リクエストの Host ヘッダーが正しいホスト名ではありません。',
  redirectInvalid: '戻り先は /dashboard/myProfile のような、このショップのページにしてください。',
  emailConfirmed: 'メールアドレスを確認しました。続けるにはログインしてください。',
  removalReasonRequired: 'このレビューを削除する理由を入力してください。',
  removalReasonTooLong: (max: number) => `理由は${count(max)}文字以内で入力してください。`,
  removalReasonInvalid: '理由はテキストで入力してください（改行はかまいません）。',
  reviewRemoved: 'レビューを削除しました。',
  trackingInvalid: (field: 'carrier' | 'tracking number', max: number) =>
    `${say(field)}は1〜${max}文字の表示できる文字（英数字・スペース・記号。改行なし）で入力してください。`,
  cancelReasonRequired: 'このご注文をキャンセルする理由を入力してください。',
  cancelReasonTooLong: (max: number) => `理由は${count(max)}文字以内で入力してください。`,
  cancelReasonInvalid: '理由はテキストで入力してください（改行はかまいません）。',
  noteRequired: 'メモを入力してください。',
  noteTooLong: (max: number) => `メモは${count(max)}文字以内で入力してください。`,
  noteInvalid: 'メモはテキストで入力してください（改行はかまいません）。',
  shippedCannotCancel: 'このご注文は発送済みのため、キャンセルできません。',
  refundFailed:
    'ご注文はキャンセルしましたが、お支払いを今は返金できませんでした。数分後にもう一度「注文をキャンセル」を押して返金してください。',
  orderCancelledByShop: (number: string, refunded: string | null) =>
    refunded
      ? `注文 ${number} をキャンセルし、${refunded} を返金しました。`
      : `注文 ${number} をキャンセルしました。`,
  orderNoteAdded: 'メモを追加しました。',
  legalNameRequired: 'ショップの正式名称を入力してください。',
  textTooLong: (what: Named, max: number) => `${say(what)}は${count(max)}文字以内で入力してください。`,
  registrationNumberInvalid:
    '登録番号は T に続く13桁の数字です（T1234567890123 など）。ない場合は空欄のままにしてください。',
  swiftInvalid: 'SWIFT/BIC コードは8文字または11文字の英数字です（MHCBJPJT など）。',
  countryInvalid: (code: string) =>
    `「${code}」は国コードではありません。JP・US・DE のような ISO 3166-1 の2文字で入力してください。`,
  taxRateInvalid: '税率は0から100までのパーセントで、小数点以下2桁までで入力してください。',
  amountInvalid: (what: Named) =>
    `${say(what)}は0より大きいドルの金額で、小数点以下2桁までで入力してください。`,
  shippingRateInvalid: '送料はドルの金額（0以上、小数点以下2桁まで）で入力してください。',
  zoneNameRequired: '日本やヨーロッパのように、地域の名前を入力してください。',
  zoneCountriesRequired: '国コードを1つ以上入力するか、「その他の地域」を選んでください。',
  countryInTwoZones: (code: string, zone: string) =>
    `${code} はすでに地域「${zone}」に含まれています。1つの国は1つの地域にしか入れられません。`,
  oneRestOfWorldZone: '「その他の地域」にできるのは1つの地域だけです。',
  tooManyZones: (max: number) => `配送地域は${max}件までです。`,
  transferHoldDaysInvalid: '振込の確保日数は1から60までの整数で入力してください。',
  taxRoundingInvalid: '消費税の端数処理は切り捨て・四捨五入・切り上げのいずれかを選んでください。',
  yenRateNeededForYen:
    '円で販売する国を選ぶ前に1ドルあたりの円を設定してください（円価格が未設定の商品はこのレートから計算します）。',
  yenPriceInvalid: '円価格は1円以上 ¥100,000,000 以下の整数で入力してください。',
  yenBreaksNeedYenPrice:
    '円の数量割引を設定するには円価格も設定してください（両方とも空欄ならドル価格から計算します）。',
  yenPerDollarInvalid: '1ドルあたりの円は150.25のように0より大きい数で入力してください。',
  yenAmountInvalid: (what: Named) =>
    `${say(what)}は0以上 ¥99,999,999 以下の整数で入力してください（空欄ならドルの金額から計算します）。`,
  shopSettingsSaved: '設定を保存しました。',
  currencyInvalid: '通貨は USD か JPY を指定してください。',
  belowMinimumOrderYen: (minimumYen: number, shortfallYen: number) =>
    `最低注文金額は ${formatIn(minimumYen, 'JPY')}（商品合計）です。ご注文にはあと ${formatIn(shortfallYen, 'JPY')} 追加してください。`,
  currencyIs: (currency: string) =>
    `このご注文はお届け先に合わせて${currency === 'JPY' ? '円' : '米ドル'}建てです。価格を読み込み直してください。`,
  belowMinimumOrder: (minimumDollars: number, shortfallDollars: number) =>
    `最低注文金額は ${formatMoney(minimumDollars)}（商品合計）です。ご注文にはあと ${formatMoney(shortfallDollars)} 追加してください。`,
  noShippingTo: (country: string) =>
    `${country} へは配送しておりません。別の国を選ぶか、仕入先にお問い合わせください。`,
  cardLimitTransferOnly:
    '$999,999.99（¥99,999,999）を超えるご注文は銀行振込でのみお支払いいただけます。銀行振込を選んでください。',
  paymentMethodInvalid: 'カードか銀行振込を選んでください。',
  postalCodeInvalid: '日本の郵便番号は 104-0061 のような7桁の数字です。',
  noBankTransfer: 'このショップは銀行振込を受け付けていません。カードでお支払いください。',
  onAccountNotAllowed:
    '掛売りは取引条件のある会社のメンバーのみご利用いただけます。カードか銀行振込でお支払いください。',
  accountCurrencyIs: (currency: Currency) =>
    `会社の掛売りは${currency === 'JPY' ? '円' : '米ドル'}建てです。掛売りでは${currency === 'JPY' ? '円' : '米ドル'}建てのお届け先を選ぶか、カードか銀行振込でお支払いください。`,
  overCreditLimit: (limit: number, balance: number, left: number, currency: Currency) =>
    `会社の与信限度額は ${formatIn(limit, currency)} で、掛売りの未払い残高がすでに ${formatIn(balance, currency)} あります（残り ${formatIn(left, currency)}）。数量を減らすか、カードか銀行振込でお支払いください。`,
  notAwaitingApproval: 'このご注文は承認待ちではありません（すでに承認・却下・キャンセルされています）。',
  onlyOwnerApproves: 'このご注文を承認・却下できるのは、ご注文者の会社の管理者のみです。',
  shopCannotApprove: '承認はご注文者の会社が決めることです。ショップの管理者は却下のみできます。',
  orderDeclineReasonRequired: 'このご注文を却下する理由を入力してください。',
  orderDeclineReasonTooLong: (max: number) => `理由は${count(max)}文字以内で入力してください。`,
  receivedOnInvalid: '入金日は 2026-11-27 のような日付で入力してください。',
  receivedOnInFuture: '入金日は今日（ショップのタイムゾーン）より後にはできません。',
  receivedOnBeforeOrder: (placedOn: string) =>
    `このご注文は ${placedOn} に受け付けました。入金日はそれより前にはできません。`,
  referenceRequired: '振込の照会番号を、銀行の明細のとおりに入力してください（通常は注文番号です）。',
  referenceInvalid: (max: number) => `照会番号は1〜${max}文字の表示できる文字で、1行で入力してください。`,
  paymentBeyondOrderLimit: (leftDollars: number) =>
    `1件のご注文に記録できる入金は合計 ${formatAmount(MAX_RECORDED_PAYMENT_CENTS / 100)} までです。${leftDollars > 0 ? `このご注文にはあと ${formatAmount(leftDollars)} まで記録できます。` : 'このご注文にはこれ以上記録できません。'}`,
  paymentBeyondOrderLimitYen: (leftYen: number) =>
    `1件のご注文に記録できる入金は合計 ${formatIn(MAX_RECORDED_PAYMENT_CENTS, 'JPY')} までです。${leftYen > 0 ? `このご注文にはあと ${formatIn(leftYen, 'JPY')} まで記録できます。` : 'このご注文にはこれ以上記録できません。'}`,
  yenAmountWhole: 'このご注文は円建てです。小数のない円の金額を入力してください。',
  paymentAlreadyRecorded: (by: string) =>
    `${by} さんがこの入金（同じ金額・日付・照会番号）を記録したところです。2回目の入金であれば、銀行の取引番号など別の照会番号を付けてください。`,
  transferChosen:
    'このご注文は銀行振込でのお支払いです。カードでお支払いになる場合は、先にお支払いページでカードを選んでください。',
  addressInJapan:
    'この住所は日本国内の住所です（日本の郵便番号または都道府県が含まれています）。国に日本を選ぶか、選んだ国の住所を入力してください。',
  paymentPreparedForOtherAmount:
    'このご注文のカード決済は別の金額で準備されていたため、カードではお支払いいただけません。ショップに通知しましたので、ショップからご連絡いたします。',
  transferTooLate:
    '銀行振込を選べるのは、カードでのお支払い期限が半分以上残っている間だけです。在庫確保の期限までにカードでお支払いください。',
  paidByCardNoTransfer:
    'このご注文はカードでお支払い済みのため、銀行振込の入金は記録できません。カードでのお支払いは、カードへの返金でお返しします。',
  partlyPaidByTransfer: 'このご注文は一部が銀行振込で入金済みです。残りを同じ口座にお振り込みください。',
  paymentRecorded: (amount: string, number: string) => `注文 ${number} に ${amount} の入金を記録しました。`,
  paymentMethodSaved: (transfer: boolean) =>
    transfer ? 'このご注文は銀行振込でお支払いいただきます。' : 'このご注文はカードでお支払いいただきます。',
  idInvalid: 'IDの形式が正しくありません。',
  orderIdInvalid: '注文IDの形式が正しくありません。',
  limitInvalid: (max: number) => `limit は1から${count(max)}までの整数で指定してください。`,
  nothingToChange: '変更する項目がありません',
  documentKindInvalid: (kinds: string) => `書類は ${kinds} のいずれかです。`,
  languageInvalid: (languages: string) => `言語は ${languages} のいずれかです。`,
  ratingRequired: '評価を選んでください',
  ratingInvalid: '評価は1〜5の星の数で選んでください',
  reviewRequired: 'レビューを入力してください',
  reviewTooLong: 'レビューは1,000文字以内で入力してください',
  approvedInvalid: 'approved は true か false で指定してください',
  bodyNotJson: 'リクエストの本文が正しいJSONではありません。',
  bodyEmpty: 'リクエストの本文が空ですが、Content-Type は JSON となっています。',
  mediaTypeUnsupported: 'このアドレスでは受け付けない Content-Type で本文が送られました。',
  requestRefused: 'リクエストは受け付けられませんでした。',
  auth: {
    USER_ALREADY_EXISTS: 'このメールアドレスはすでに登録されています。',
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
      'このメールアドレスはすでに登録されています。別のメールアドレスをお使いください。',
    INVALID_EMAIL_OR_PASSWORD: 'メールアドレスまたはパスワードが正しくありません。',
    INVALID_EMAIL: 'メールアドレスが正しくありません。',
    INVALID_PASSWORD: 'パスワードが正しくありません。',
    PASSWORD_TOO_SHORT: 'パスワードが短すぎます。',
    PASSWORD_TOO_LONG: 'パスワードが長すぎます。',
    EMAIL_NOT_VERIFIED: 'メールアドレスの確認が済んでいません。',
    INVALID_TOKEN: 'リンクが正しくないか、すでに使われています。もう一度お試しください。',
    TOKEN_EXPIRED: 'リンクの有効期限が切れました。もう一度お試しください。',
    USER_NOT_FOUND: 'ユーザーが見つかりませんでした。',
    FAILED_TO_CREATE_USER: 'アカウントを作成できませんでした。もう一度お試しください。',
    FAILED_TO_CREATE_SESSION: 'ログインできませんでした。もう一度お試しください。',
    CREDENTIAL_ACCOUNT_NOT_FOUND: 'このアカウントにはパスワードが設定されていません。',
    SESSION_EXPIRED: 'セッションの有効期限が切れました。もう一度ログインしてください。',
    EMAIL_ALREADY_VERIFIED: 'このメールアドレスは確認済みです。',
    VALIDATION_ERROR: '入力内容が正しくありません。',
    MISSING_FIELD: '必須の項目が入力されていません。',
  },
  documentNotIssued: {
    proforma: '見積請求書（プロフォーマ）は、ご注文が未払いの間だけ発行されます。',
    invoice: '請求書は、ご注文のお支払い後に発行されます。',
    receipt: '領収書は、ご注文のお支払い後に発行されます。',
    'delivery-note': '納品書は、ご注文のお支払い後に発行されます。',
    acknowledgement:
      '注文請書は、ショップがお客様に代わって入力したご注文に、キャンセルされるまで発行されます。',
  },
  documentOtherBuyer:
    'このご注文は別のアカウントから行われました。書類をダウンロードするには、注文したアカウントでログインしてください。',
  archiveAmountInvalid: (edge) => `${edge} はドル建ての金額で指定してください（例: 120、-35.50）。`,
  archiveSearchTooLong: '検索する取引先名は200文字以内で入力してください。',
  archiveExportPeriodTooLong: (days) =>
    `一度に書き出せる期間は${days}日までです。期間を短くし、残りは別に書き出してください。`,
  archiveExportTooMany: (max) =>
    `一度に書き出せる書類は${max.toLocaleString('ja-JP')}件までです。期間を短くし、残りは別に書き出してください。`,
  archiveExportPeriodBackwards:
    '期間の終わりが始まりより前です。「to」は「from」と同じ日かそれ以降にしてください。',
  // The buyer's company and address book.
  addressKindInvalid: '住所の種類は請求先かお届け先のどちらかです。',
  prefectureInvalid: '都道府県は47都道府県（東京都など）から選んでください。',
  postalCodeNoPlace: 'この郵便番号の地域は見つかりません。郵便番号をご確認ください。',
  postalCodeOtherPrefecture: (prefecture) =>
    `この郵便番号は${prefecture}の番号です。都道府県を${prefecture}にするか、郵便番号をご確認ください。`,
  deliveryAddressesTooMany: (max) =>
    `住所録のお届け先はすでに${count(max)}件です。使わなくなったお届け先を削除してから追加してください。`,
  billingAddressExists:
    '住所録には請求先がすでにあります。その請求先を編集してください（請求先は1アカウントに1件です）。',
  companyNameRequired: '会社名を入力してください。',
  companyRegistrationNumberInvalid: '登録番号は「T」と13桁の数字です（例：T1234567890123）。',
  billingAddressRequired: '請求先を住所録から選ぶか、入力してください。',
  companyAmountRange: (max) => `0より大きく${max.toLocaleString('ja-JP')}以下の金額を入力してください。`,
  companyAmountCents: 'ドルの金額は小数点以下2桁までです。',
  companyAmountWholeYen: '円の金額は小数点なしの整数で入力してください。',
  closingDayInvalid: (last) => `締め日は1日〜${last}日、または月末です。`,
  payMonthsAfterInvalid: '支払月は締め日の翌月または翌々月です。',
  payDayInvalid: (last) => `支払日は1日〜${last}日、または月末です。`,
  companyNameKanaInvalid: '会社名のフリガナは全角カタカナで1行で入力してください。',
  companyStatusInvalid: '審査結果は承認（approved）またはお断り（declined）です。',
  companyTermsMissing: '承認するには取引条件を指定してください（承認と同時に、または事前に設定）。',
  invitedRoleBuyer: '招待できるのは購買担当者です（オーナーは申し込んだ方の1名です）。',
  companyCurrencyUnknown: '通貨は米ドル（USD）または円（JPY）です。',
  companyLanguageUnknown: '言語は英語（en）または日本語（ja）です。',
  declineReasonRequired: 'お断りする理由を入力してください（申込者に表示されます）。',
  alreadyInCompany:
    'このアカウントはすでに会社に所属しています（1つのアカウントが所属できる会社は1社までです）。',
  companyNotPending: 'この申込はすでに審査済みです。',
  companyNotApproved: '会社はまだ承認されていません。承認後にメンバーを招待できます。',
  companyOwnerOnly: 'この操作は会社のオーナーのみ行えます。',
  companyMemberOnly: 'どの会社にも所属していません。',
  invitationInvalid: 'この招待リンクは無効です。新しい招待を依頼してください。',
  invitationUsed: 'この招待はすでに使われています。',
  invitationNotFound: 'この会社にこの招待はありません。すでに取り消された可能性があります。',
  invitationExpired: 'この招待は有効期限が切れています。会社のオーナーに新しい招待を依頼してください。',
  invitationOtherAddress:
    'この招待は別のメールアドレス宛てです。招待を受け取ったアドレスでログインしてから、もう一度リンクを開いてください。',
  alreadyMember: (email) => `${email}はすでに会社に所属しています。`,
  ownerStays: 'オーナーは会社から外せません。外せるのはほかのメンバーのみです。',
  userNotFoundByEmail: (email) =>
    `${email}のアカウントはありません。先にオーナーとなる方が会員登録してください。`,
  dueOnInvalid: '支払期日は 2026-12-31 のような日付で入力してください。',
  statementNoTerms: 'この会社にはまだ取引条件がありません。取引条件付きで承認されると請求書を発行できます。',
  statementAlreadyIssued: (closingDate: string) =>
    `この会社の締め日 ${closingDate} の請求書はすでに発行されています。`,
  statementNothingToBill:
    '請求する内容がありません。前回の請求書以降に掛けで出荷したご注文も、未払いの残高もありません。',
  statementOverdue: (number: string, since: string) =>
    `請求書 ${number} のお支払いが ${since} から遅れています。ご入金の確認後、掛けでのご注文を再開いただけます。`,
  paymentAmountInvalid: (max: string) => `金額は0より大きく、${max}以下で入力してください（会社の通貨）。`,
  paymentReferenceInvalid: (max: number) => `入金の参照番号を入力してください（1〜${max}文字）。`,
  reversalReasonInvalid: (max: number) => `取り消す理由を入力してください（1〜${max}文字）。`,
  paymentAlreadyReversed: (reversedOn: string) =>
    `この入金は ${reversedOn} にすでに取り消されています。正しい金額は新しい入金として記録してください。`,
  quoteLinesRequired: '見積もりを依頼するには、商品を1点以上追加してください。',
  quoteLinesTooMany: (max) => `1回の見積依頼は${count(max)}行までです。`,
  quoteQuantityTooLarge: (max) => `1行の数量は${count(max)}個までです。`,
  quoteNoteTooLong: (max) => `備考は${count(max)}文字以内で入力してください。`,
  quoteRequestsTooMany: (max) =>
    `回答待ちの見積依頼がすでに${count(max)}件あります。回答をお待ちいただいてから、改めてご依頼ください。`,
  quoteNotForAdmins: '管理者は見積もりを依頼できません。購入者としてログインしてください。',
  verifyEmailToQuote:
    '見積もりを依頼する前にメールアドレスを確認してください。お送りしたメールのリンクを開くか、再送してください。',
  quoteRequestSent: '見積依頼を送信しました。メールにてご回答いたします。',
  quoteAccepted: 'この見積書はすでに承諾済みです。ご注文は注文履歴でご確認いただけます。',
  quoteDeclined: 'この見積書は辞退済みです。必要でしたら改めて見積もりをご依頼ください。',
  quoteWithdrawn: 'この見積書はショップにより取り下げられました。改めて見積もりをご依頼ください。',
  quoteExpired: 'この見積書は有効期限が切れています。改めて見積もりをご依頼ください。',
  quoteRequestNotOpen:
    'この見積依頼にはすでに見積書で回答済みです。改めて回答するには、その見積書を取り下げてください。',
  quoteValidUntilPast: '有効期限には未来の日時を指定してください。',
  quoteValidUntilInvalid: '有効期限は日付と時刻で入力してください。',
  quoteUnitPriceInvalid: '単価は0より大きい金額を、小数点以下2桁までで入力してください。',
  quoteUnitYenInvalid: '単価は0より大きい金額を、1円単位で入力してください。',
  quoteShippingInvalid: '送料は0以上の金額を、小数点以下2桁までで入力してください。',
  quoteShippingYenInvalid: '送料は0以上の金額を、1円単位で入力してください。',
  quoteNotInStock: (productName, available) =>
    `${productName} の在庫は${count(available)}個のみです。在庫を確保する見積書ではこれ以上確保できません。`,
  quoteNoYenPrice: 'ショップに円の換算レートが設定されていません。米ドル建てで見積もってください。',
  quoteHoldsTooMuch:
    'この在庫を確保すると、お客様の未払い上限を超えます。在庫を確保せずに見積もってください。',
};

/** A text messages.ts made (a string of it, or one its functions made), said in Japanese; any other text as it is. */
export const inJapanese: (text: string) => string = localizer(messages, messagesJa);
