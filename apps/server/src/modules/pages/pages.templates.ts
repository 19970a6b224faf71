import type { Language } from '@kanna/shared/domain/languages';
import type { PageSlug } from '@kanna/shared/domain/pages';

/**
 * What each page says until the owner saves it (docs/pages.md): the legal pages as honest
 * templates — the headings a shop in Japan must publish, each fact left as a marked blank
 * (【要記入：…】 / [TO FILL IN: …]) that only the owner can fill, and a note at the top saying
 * the page is not finished — and the blog and the portfolio with the first content the spec's
 * pages were built with. Nothing here states a fact about the shop that it has not said itself.
 */
export type PageText = { title: string; body: string };

/** Legal pages start as templates; the blog and the portfolio start complete. */
export const startsCompleted = (slug: PageSlug): boolean => slug === 'blog' || slug === 'myPortfolio';

export const templates: Record<PageSlug, Record<Language, PageText>> = {
  tokushoho: {
    en: {
      title: 'Legal notice (Specified Commercial Transactions Act)',
      body: `> **Template.** The shop has not completed this page yet: every [TO FILL IN: …] below is a fact only the shop can state. Japanese law (特定商取引法, Article 11) requires an online seller to publish these details.

| Item | Details |
|---|---|
| Seller (legal name) | [TO FILL IN: registered name of the company or sole proprietor] |
| Representative | [TO FILL IN: name of the representative or person responsible for sales] |
| Address | [TO FILL IN: address where the business can be reached] |
| Phone | [TO FILL IN: phone number and the hours it is answered] |
| E-mail | [TO FILL IN: e-mail address for enquiries] |
| Prices | Shown on each product's page. [TO FILL IN: whether prices include consumption tax] |
| Charges besides the price | Shipping as shown at checkout. [TO FILL IN: who pays bank transfer fees; any other charges] |
| Ways to pay | Credit card; bank transfer. [TO FILL IN: other ways, if any] |
| When payment is due | Card: at the time of order. Bank transfer: [TO FILL IN: number of days after the order] |
| When the goods are delivered | [TO FILL IN: e.g. shipped within N business days of payment] |
| Returns and cancellations | [TO FILL IN: conditions, period and who pays the shipping for returns; how defective goods are handled] |
| Minimum order | [TO FILL IN: minimum quantity or value, if any] |
`,
    },
    ja: {
      title: '特定商取引法に基づく表記',
      body: `> **ひな形です。** このページはまだ記入が終わっていません。【要記入】の箇所は、ショップ自身が記入する事項です（特定商取引法第11条により、通信販売の事業者は以下の事項を表示する必要があります）。

| 項目 | 内容 |
|---|---|
| 販売業者 | 【要記入：会社名または個人事業主の氏名】 |
| 運営統括責任者 | 【要記入：代表者または通信販売の責任者の氏名】 |
| 所在地 | 【要記入：事業所の住所】 |
| 電話番号 | 【要記入：電話番号と受付時間】 |
| メールアドレス | 【要記入：お問い合わせ用のメールアドレス】 |
| 販売価格 | 各商品ページに表示しています。【要記入：消費税込みかどうか】 |
| 商品代金以外の必要料金 | 送料（ご注文手続きの画面に表示します）。【要記入：振込手数料の負担、その他の料金があれば】 |
| お支払い方法 | クレジットカード、銀行振込。【要記入：その他の方法があれば】 |
| お支払い時期 | クレジットカード：ご注文時。銀行振込：【要記入：ご注文から何日以内】 |
| 商品の引渡し時期 | 【要記入：例「ご入金確認後○営業日以内に発送」】 |
| 返品・交換・キャンセル | 【要記入：条件、期限、返品送料の負担、不良品の場合の対応】 |
| 最低注文数量・金額 | 【要記入：ある場合はその数量や金額】 |
`,
    },
  },
  terms: {
    en: {
      title: 'Terms of sale',
      body: `> **Template.** The shop has not completed these terms yet: every [TO FILL IN: …] is for the shop to decide and state.

## 1. Who sells
These terms apply to orders placed on this site with [TO FILL IN: seller's legal name] ("we").

## 2. Orders and contract
An order is placed when you confirm it at checkout. The contract is formed [TO FILL IN: when — e.g. when we send the order confirmation e-mail].

## 3. Prices and payment
Prices are those shown when you order; the total, shipping included, is shown before you confirm. Payment is by card or bank transfer. An unpaid order is cancelled when its payment period ends.

## 4. Delivery
[TO FILL IN: where you ship, carriers, usual delivery times]

## 5. Returns and defects
[TO FILL IN: return period and conditions, who pays return shipping, how defective goods are replaced or refunded]

## 6. Liability
[TO FILL IN: the limits of liability the shop sets, within the law]

## 7. Governing law and court
[TO FILL IN: e.g. the laws of Japan; the court of first instance]

## 8. Contact
[TO FILL IN: how to reach the shop about an order]
`,
    },
    ja: {
      title: '利用規約（販売条件）',
      body: `> **ひな形です。** この規約はまだ記入が終わっていません。【要記入】の箇所は、ショップが定めて記入する事項です。

## 第1条（販売者）
本規約は、【要記入：販売業者の名称】（以下「当店」）が本サイトで受け付けるご注文に適用されます。

## 第2条（ご注文と契約の成立）
ご注文はご注文手続きの画面で確定した時点で受け付けます。売買契約は【要記入：成立の時点。例「当店がご注文確認メールを送信した時点」】に成立します。

## 第3条（価格とお支払い）
価格はご注文時に表示されている価格とし、送料を含む合計額は確定前に表示します。お支払いはクレジットカードまたは銀行振込です。お支払い期限までにお支払いのないご注文はキャンセルとなります。

## 第4条（配送）
【要記入：配送地域、配送業者、通常のお届け日数】

## 第5条（返品・不良品）
【要記入：返品の期限と条件、返品送料の負担、不良品の交換・返金の方法】

## 第6条（責任の範囲）
【要記入：法令の範囲内で当店が定める責任の範囲】

## 第7条（準拠法・裁判管轄）
【要記入：例「日本法」、第一審の管轄裁判所】

## 第8条（お問い合わせ）
【要記入：ご注文についての連絡先】
`,
    },
  },
  privacy: {
    en: {
      title: 'Privacy policy',
      body: `> **Template.** The shop has not completed this policy yet: every [TO FILL IN: …] is for the shop to state.

## What we collect
To sell and deliver your order the shop keeps your name, e-mail address, phone number, delivery and billing addresses, your orders, and the reviews and enquiries you write. Card numbers are handled by the payment provider and never stored by the shop.

## Why
To process and deliver orders, answer enquiries, send the e-mails an order needs, and keep the accounting records the law requires. [TO FILL IN: any other purpose, e.g. the newsletter you subscribe to]

## Who else receives it
[TO FILL IN: the payment provider, carriers, the hosting provider, and any other party, with what they receive]

## How long it is kept
[TO FILL IN: e.g. accounting records for the period the law requires; the account until you ask for it to be deleted]

## Your rights
You may ask to see, correct or delete your personal data, and to stop its use, under the Act on the Protection of Personal Information. [TO FILL IN: how to ask]

## Cookies
The shop uses a cookie to keep you signed in and one to remember your language. [TO FILL IN: any analytics or other cookies]

## Contact
[TO FILL IN: name of the person responsible for personal data and how to reach them]
`,
    },
    ja: {
      title: 'プライバシーポリシー',
      body: `> **ひな形です。** この方針はまだ記入が終わっていません。【要記入】の箇所は、ショップが記入する事項です。

## 取得する情報
ご注文の処理とお届けのため、お名前、メールアドレス、電話番号、お届け先・ご請求先の住所、ご注文の内容、お客様が書かれたレビューとお問い合わせを保存します。カード番号は決済代行会社が扱い、当店が保存することはありません。

## 利用目的
ご注文の処理とお届け、お問い合わせへの回答、ご注文に必要なメールの送信、法令で定められた帳簿の保存のために利用します。【要記入：その他の目的。例「ご登録いただいたメールマガジンの配信」】

## 第三者への提供・委託
【要記入：決済代行会社、配送業者、サーバーの提供事業者など、提供・委託する先と提供する情報】

## 保存期間
【要記入：例「帳簿は法令の定める期間、アカウントは削除のご依頼まで」】

## 開示・訂正・削除のご請求
個人情報保護法に基づき、ご自身の個人情報の開示、訂正、削除、利用停止をご請求いただけます。【要記入：ご請求の方法】

## Cookie について
ログイン状態を保つための Cookie と、表示言語を記憶するための Cookie を使用しています。【要記入：アクセス解析などその他の Cookie があれば】

## お問い合わせ窓口
【要記入：個人情報の取扱いの責任者と連絡先】
`,
    },
  },
  about: {
    en: {
      title: 'About the company',
      body: `> **Template.** The shop has not completed this page yet: every [TO FILL IN: …] is for the shop to state.

| | |
|---|---|
| Company name | [TO FILL IN] |
| Representative | [TO FILL IN] |
| Founded | [TO FILL IN] |
| Address | [TO FILL IN] |
| What we do | [TO FILL IN: e.g. making and selling Japanese wooden hand tools] |
| Qualified invoice issuer number | [TO FILL IN: T followed by 13 digits, if registered] |

## Our story
[TO FILL IN: a few words about the workshop, its makers and its tools]
`,
    },
    ja: {
      title: '会社概要',
      body: `> **ひな形です。** このページはまだ記入が終わっていません。【要記入】の箇所は、ショップが記入する事項です。

| | |
|---|---|
| 会社名 | 【要記入】 |
| 代表者 | 【要記入】 |
| 設立 | 【要記入】 |
| 所在地 | 【要記入】 |
| 事業内容 | 【要記入：例「木製手工具の製造・販売」】 |
| 適格請求書発行事業者登録番号 | 【要記入：登録している場合、T から始まる13桁の番号】 |

## 私たちについて
【要記入：工房、つくり手、道具についての紹介】
`,
    },
  },
  'shipping-payment': {
    en: {
      title: 'Shipping and payment guide',
      body: `> **Template.** The shop has not completed this guide yet: every [TO FILL IN: …] is for the shop to state.

## Paying
- **Card:** paid when you order.
- **Bank transfer:** the account and the amount are shown once you order and in the order's e-mail. Please pay within [TO FILL IN: number] days. [TO FILL IN: who pays the transfer fee] An order that is not paid in time is cancelled and its stock released.

## Shipping
- **Where:** [TO FILL IN: the regions you ship to]
- **Cost:** shown at checkout before you confirm. [TO FILL IN: the amount from which shipping is free, if any]
- **When:** [TO FILL IN: e.g. within N business days of payment]; you receive an e-mail with the tracking number when it ships.

## Invoices and receipts
The pro-forma invoice, the invoice, the receipt and the delivery note of each order can be downloaded from your order's page.

## Questions
[TO FILL IN: how to reach the shop]
`,
    },
    ja: {
      title: 'お支払い・配送について',
      body: `> **ひな形です。** このご案内はまだ記入が終わっていません。【要記入】の箇所は、ショップが記入する事項です。

## お支払い
- **クレジットカード：** ご注文時にお支払いいただきます。
- **銀行振込：** 振込先と金額はご注文後の画面とご注文確認メールでお知らせします。【要記入：日数】日以内にお振り込みください。【要記入：振込手数料の負担】期限までにお支払いのないご注文はキャンセルとなり、在庫は販売に戻ります。

## 配送
- **配送地域：** 【要記入：お届けできる地域】
- **送料：** ご注文の確定前に画面に表示します。【要記入：送料無料になる金額があれば】
- **発送の時期：** 【要記入：例「ご入金確認後○営業日以内」】。発送時に追跡番号をメールでお知らせします。

## 請求書・領収書
各ご注文の見積書（プロフォーマ）、請求書、領収書、納品書は、ご注文のページからダウンロードできます。

## お問い合わせ
【要記入：連絡先】
`,
    },
  },
  blog: {
    en: {
      title: 'How this shop is built',
      body: `Questions we are asked about the shop behind the tools, answered by the people who build it.

## Why does the shop run on PGlite by default?

PGlite is PostgreSQL compiled to WebAssembly. It runs inside the server process and keeps its data in a folder, so the whole shop starts on a laptop with one command: no database server to install, no container to run.

It is real PostgreSQL, not a look-alike, so the same SQL, the same schema and the same migrations run in development and in production. Setting DATABASE_URL switches the shop to an ordinary PostgreSQL server when it grows.

## Why are prices computed on the server?

A browser can be made to send anything. When you place an order, your browser sends only which tool you want, how many, and where it should go. The server reads the name and price from the catalogue and computes the total itself.

Money is kept in whole cents, so totals never pick up rounding errors. If a page shows an old price, the server refuses the order with “the price has changed” instead of quietly charging a different amount.

## How is stock reserved?

Placing an order takes its quantity from the available stock in the same database transaction that creates the order, with one conditional update that only succeeds while enough is left. Two buyers ordering the last pieces at the same moment can never both get them.

Cancelling an unpaid order gives its quantity back. A tool with less available than its minimum order shows as sold out.

## How do sessions work?

Signing in creates a session on the server; your browser keeps only an httpOnly cookie that scripts on the page cannot read, so there is no token in local storage for an injected script to steal.

Signing out ends the session on the server at once. Requests that change data must come from this site’s own pages, and sign-in attempts are rate-limited.

## How are the product images served?

An uploaded picture is checked by its content, not its name, then re-encoded to WebP at 320, 640 and 960 pixels wide. The copies live in the database next to the product, so there is no second storage service to run or back up.

Each image address changes when the picture does, so browsers may keep them for a year. Your browser picks the smallest width that looks sharp on your screen.

## How does the page stay fast?

The home page downloads under 100 KB of compressed JavaScript before you touch it; every other page is a separate chunk loaded when you open it. Fonts are the ones your device already has, and the banner is drawn with CSS instead of a photograph.

Images reserve their space before they arrive, so nothing jumps while the page loads, and pictures further down load only as you scroll. The server caches the catalogue and the reviews, and the real loading times your browser measures are reported back so we notice when something gets slower.
`,
    },
    ja: {
      title: 'このショップのつくり',
      body: `工具を支えるショップについていただく質問に、ショップを作っている担当者がお答えします。

## このショップが標準で PGlite を使っているのはなぜですか？

PGlite は WebAssembly にコンパイルされた PostgreSQL です。サーバーのプロセスの中で動き、データをフォルダーに保存するため、データベースサーバーのインストールもコンテナの起動も不要で、ノートパソコン上でコマンド1つでショップ全体が起動します。

似たものではなく本物の PostgreSQL なので、開発環境と本番環境で同じ SQL、同じスキーマ、同じマイグレーションが動きます。ショップが大きくなったら、DATABASE_URL を設定するだけで通常の PostgreSQL サーバーに切り替えられます。

## 価格をサーバーで計算するのはなぜですか？

ブラウザーからはどんなデータでも送れてしまいます。ご注文の際、ブラウザーが送るのは、どの工具をいくつ、どこへ届けるかだけです。商品名と価格はサーバーがカタログから読み取り、合計もサーバーが自ら計算します。

金額はセント単位の整数で扱うため、合計に端数の誤差が出ることはありません。ページに古い価格が表示されていた場合、別の金額を黙って請求するのではなく、「価格が変更されました」としてご注文をお断りします。

## 在庫はどのように確保されますか？

ご注文を作成するのと同じデータベースのトランザクションの中で、在庫数から注文数量を差し引きます。在庫が足りているときだけ成功する条件付きの更新を1回行うため、最後の在庫を2人のお客様が同時に注文しても、両方に割り当てられることはありません。

未払いのご注文をキャンセルすると、その数量は在庫に戻ります。在庫数が最小注文数量に満たない工具は売り切れと表示されます。

## セッションはどのような仕組みですか？

ログインするとサーバー上にセッションが作られ、ブラウザーにはページのスクリプトから読めない httpOnly の Cookie だけが保存されます。そのため、埋め込まれたスクリプトに盗まれるようなトークンがローカルストレージに置かれることはありません。

ログアウトすると、サーバー上のセッションはすぐに終了します。データを変更するリクエストはこのサイト自身のページから送られたものに限られ、ログインの試行回数にも制限があります。

## 商品の画像はどのように配信されていますか？

アップロードされた画像はファイル名ではなく中身で確認したうえで、幅 320、640、960 ピクセルの WebP に変換し直します。変換した画像は商品と同じデータベースに保存されるため、運用やバックアップが必要な別のストレージサービスはありません。

画像のアドレスは画像が変わると変わるため、ブラウザーは画像を1年間保存しておけます。お使いのブラウザーは、画面でくっきり見える最も小さい幅の画像を選びます。

## ページの速さはどのように保たれていますか？

ホームページが操作前にダウンロードする JavaScript は、圧縮後で 100 KB 未満です。そのほかのページはそれぞれ別のチャンクに分かれ、開いたときに読み込まれます。フォントはお使いの端末にあるものを使い、バナーは写真ではなく CSS で描いています。

画像は届く前に表示場所を確保するため、読み込み中にページがずれることはありません。また、下のほうの画像はスクロールしたときに初めて読み込まれます。サーバーはカタログとレビューをキャッシュし、ブラウザーが測った実際の読み込み時間を送り返してもらうことで、遅くなったときにすぐ気づけるようにしています。
`,
    },
  },
  myPortfolio: {
    en: {
      title: 'Hi, I build the Kanna shop',
      body: `I am a full-stack web developer who likes tools that last — in wood and in software. I build fast, accessible web shops with TypeScript from the database row to the pixel, and I care about the details that make buyers trust a store: honest prices, clear errors and pages that load on a slow phone.

## Skills

- TypeScript
- React
- Node.js
- Fastify
- PostgreSQL
- Drizzle ORM
- Tailwind CSS
- Accessibility (WCAG 2.2)
- Web performance
- Testing with Vitest and Playwright

## Projects

### Kanna storefront

This shop: a factory-direct store for Japanese wooden hand tools, with bulk ordering, card payments, reviews and an admin back office. React and Vite in front, Fastify and PostgreSQL behind.

### Workshop booking board

A booking tool for a joinery school: weekly classes, waiting lists and reminders by e-mail, usable by keyboard and screen reader from day one.

### Timber yard stock counter

An offline-first phone app for counting boards in a lumber yard, syncing to the office when the connection returns.

## Contact

<developer@example.com>
`,
    },
    ja: {
      title: 'こんにちは。Kanna のショップを作っています',
      body: `長く使える道具が好きなフルスタックのウェブ開発者です。木の道具もソフトウェアも同じです。データベースの行から画面の1ピクセルまで TypeScript で、速くて誰にでも使いやすいオンラインショップを作っています。正直な価格、わかりやすいエラー、遅いスマートフォンでも表示されるページなど、お客様にお店を信頼していただくための細部を大切にしています。

## スキル

- TypeScript
- React
- Node.js
- Fastify
- PostgreSQL
- Drizzle ORM
- Tailwind CSS
- アクセシビリティ（WCAG 2.2）
- ウェブの表示速度
- Vitest と Playwright によるテスト

## プロジェクト

### Kanna のオンラインショップ

このショップです。日本の木製手工具を工場から直接お届けするお店で、まとめ買い、カード決済、レビュー、管理画面を備えています。表側は React と Vite、裏側は Fastify と PostgreSQL です。

### 木工教室の予約ボード

建具の学校のための予約ツールです。毎週の授業、キャンセル待ち、メールでのお知らせに対応し、最初からキーボードとスクリーンリーダーで使えるように作りました。

### 材木置き場の在庫カウンター

材木置き場で板を数えるための、オフラインでも使えるスマートフォンアプリです。接続が戻ると事務所のデータと同期します。

## お問い合わせ

<developer@example.com>
`,
    },
  },
};
