// Measures how much of a post is in traditional characters or a foreign script, so the referee can spot a
// 繁体字帖 or 外文帖 (seed 002: 哨群有权拒绝外文帖、繁体字帖…充作杀贴). Informs only; the referee decides.

/**
 * Common characters written differently in the two scripts, as traditional + simplified pairs (hand-curated;
 * `script-mix.test.ts` checks every pair against OpenCC and that no traditional form is a common simplified
 * character). Left out on purpose: forms that simplified text also uses (著 著名, 乾 乾坤, 於 as a surname,
 * 麽 幺麽, 瞭 瞭望, 藉 慰藉, 徵 宫商角徵羽, 祇 神祇). 後 stays: simplified writes 后 for it.
 */
const PAIRS =
  "們们個个這这來来說说時时為为爲为會会對对國国過过還还學学點点發发髮发後后頭头開开問问將将長长見见實实" +
  "與与關关無无樣样東东體体現现經经門门機机當当聽听讓让從从覺觉幾几麼么進进種种裡里裏里話话義义車车業业" +
  "應应書书氣气場场電电邊边沒没嗎吗題题給给讀读寫写語语認认識识該该請请謝谢誰谁課课論论記记許许設设計计" +
  "試试調调議议變变愛爱歡欢難难動动內内總总結结級级紅红約约紙纸細细終终組组統统線线練练織织繼继續续維维" +
  "網网緊紧綠绿絕绝純纯鐵铁錢钱銀银鐘钟錯错錄录鏡镜針针鋼钢飛飞馬马魚鱼鳥鸟龍龙麗丽齊齐黃黄貝贝負负貨货" +
  "質质買买賣卖費费資资貴贵財财賽赛購购貓猫親亲觀观視视規规覽览間间閒闲聞闻閱阅陽阳陰阴隊队際际陳陈險险" +
  "隨随園园圖图團团幫帮帶带師师歸归廳厅態态戀恋憶忆慣惯懷怀戰战戲戏據据擇择擔担擁拥換换擊击掃扫揮挥報报" +
  "擬拟樂乐橋桥樹树標标權权構构歐欧歲岁歷历殺杀漢汉溫温滿满湯汤濟济淚泪潔洁熱热燈灯營营爾尔牆墙狀状獨独" +
  "獲获環环產产畫画異异療疗盡尽監监盤盘眾众睜睁礎础確确禮礼禍祸窮穷筆笔簡简節节範范築筑籃篮糧粮紀纪罷罢" +
  "羅罗聲声聯联職职腦脑腳脚臉脸興兴舉举舊旧艱艰藝艺藥药蘭兰蘇苏處处號号蟲虫衛卫術术裝装補补製制複复復复" +
  "訂订訊讯講讲證证譯译護护讚赞豐丰趕赶跡迹踐践躍跃軍军輕轻較较載载輪轮輛辆輸输轉转農农運运達达遠远適适" +
  "選选遺遗遲迟遞递邏逻鄉乡鄰邻醫医釋释陸陆雙双雖虽雜杂雞鸡離离雲云靈灵響响頁页順顺須须預预領领顏颜願愿" +
  "類类顧顾風风飯饭飲饮飽饱館馆餓饿驗验騎骑驚惊鬥斗鬧闹鳳凤鴨鸭鵝鹅麥麦黨党齒齿龜龟兒儿傳传傷伤價价億亿" +
  "優优儀仪備备僅仅側侧偉伟偵侦則则剛刚創创劇剧勞劳勢势務务勝胜區区協协單单參参吳吴員员啟启嚴严圍围壓压" +
  "壞坏夢梦奪夺婦妇媽妈孫孙寧宁寶宝層层島岛幣币幹干庫库廠厂廣广張张強强彈弹徑径憂忧戶户擴扩敗败數数斷断" +
  "晉晋曉晓條条極极榮荣檢检殘残決决況况濃浓災灾燒烧爭争爺爷獎奖畢毕稅税穩稳競竞紛纷縣县罰罚習习聖圣膽胆" +
  "臨临莊庄華华萬万葉叶蔣蒋蓋盖蘋苹虛虚衝冲訴诉詩诗誠诚誤误談谈豬猪貿贸賀贺趙赵辦办辭辞鄭郑醜丑錦锦鎮镇" +
  "隱隐隻只靜静韓韩顯显飄飘餘余驅驱鬆松鹽盐麵面齡龄兩两專专絲丝亂乱亞亚傘伞樓楼憐怜慮虑懶懒慘惨憤愤懼惧" +
  "擺摆掛挂擠挤撥拨擋挡撿捡攝摄殼壳毀毁淺浅滅灭漁渔濕湿灣湾燦灿犧牺獵猎瑪玛癢痒盜盗礙碍簽签繩绳罵骂聰聪" +
  "膚肤艦舰蘿萝蝦虾襪袜觸触訪访詞词評评誕诞謀谋謊谎貧贫賞赏贏赢趨趋輩辈辯辩鍋锅鎖锁閃闪陣阵隸隶霧雾顆颗" +
  "餅饼騙骗髒脏魯鲁鮮鲜鴻鸿鷹鹰別别嘆叹嚇吓並并臺台週周遊游穀谷闆板係系";

/**
 * Simplified forms in PAIRS that traditional text writes too (后 皇后, 里 公里, 几 茶几, 云 "says", 只, 干 干戈,
 * radicals such as 广 厂 儿, rare traditional words such as 愿 谨愿 or 党 党项…): seeing one says nothing about the
 * script, so they do not count as simplified.
 */
const SHARED =
  "后里几云斗丑余范制只干松面台周游并板冲系谷丰叶万庄广厂儿尔号听价术虫胆适气宁圣挂痒据担泪洁灯异礼筑脚" +
  "迹达医愿党坏灾猪猫胜";

/** The traditional-only forms and the simplified-only forms, built once from PAIRS. */
export const SCRIPT_PAIRS: readonly (readonly [traditional: string, simplified: string])[] = (() => {
  const chars = [...PAIRS];
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < chars.length; i += 2) out.push([chars[i] as string, chars[i + 1] as string]);
  return out;
})();
const TRADITIONAL = new Set(SCRIPT_PAIRS.map(([t]) => t));
const SIMPLIFIED = new Set(SCRIPT_PAIRS.map(([, s]) => s).filter((s) => !SHARED.includes(s)));

/**
 * Flag as 繁体字帖 when more than half of the characters that tell the scripts apart are traditional: a whole
 * traditional post scores near 100%, a simplified post near 0%, and one quoting a traditional line or two stays
 * well under half.
 */
export const TRADITIONAL_FLAG_SHARE = 0.5;

/**
 * Flag as 外文帖 when foreign letters make up 30% of the counted units. A Western word counts once and stands for
 * about two 字 of meaning, so 30% is roughly half the content in a foreign language; Japanese prose is 55–70%
 * kana, and a Chinese post with some English terms stays in single figures.
 */
export const FOREIGN_FLAG_SHARE = 0.3;

/**
 * Too little evidence for a verdict: a draft's first line, a one-word reply. Below these counts the shares are
 * still reported but nothing is flagged.
 */
export const MIN_DISTINCTIVE = 10;
export const MIN_FOREIGN = 20;

export type ScriptFlag = "traditional" | "foreign";

export interface ScriptMix {
  /** Han characters (kanji in Japanese text included). */
  han: number;
  /** Occurrences of traditional-only forms. */
  traditional: number;
  /** Occurrences of simplified-only forms. */
  simplified: number;
  /** Foreign units: each kana or Hangul character, and each word of another alphabet (URLs and e-mail left out). */
  foreign: number;
  /** traditional ÷ (traditional + simplified); 0 when the text has neither. */
  traditionalShare: number;
  /** foreign ÷ (han + foreign); 0 when the text has neither. */
  foreignShare: number;
  flags: ScriptFlag[];
}

// Links and addresses are not language: a Chinese post citing one must not look foreign.
const LINKS = /(?:https?:\/\/|www\.)[\x21-\x7e]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
const HAN = /\p{Script=Han}/u;
// Kana and Hangul count per character, as Word's 字数 counts them (RULINGS 5), so they weigh like Han.
const SYLLABIC = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Bopomofo annotates Chinese, so it is not foreign; other letters (Latin, Cyrillic, Greek…) count per word.
const BOPOMOFO = /\p{Script=Bopomofo}/u;
const LETTER = /\p{L}/u;
// Inside a word these do not end it: "don't", "e-mail", "COVID19", accents as combining marks.
const WORD_INNER = /[\p{L}\p{M}\p{N}'’-]/u;

/** The script figures of a text and what they suggest. Linear in the text's length. */
export function scriptMix(text: string): ScriptMix {
  let han = 0;
  let traditional = 0;
  let simplified = 0;
  let foreign = 0;
  let inWord = false;
  for (const ch of text.replace(LINKS, " ")) {
    if (HAN.test(ch)) {
      han++;
      if (TRADITIONAL.has(ch)) traditional++;
      else if (SIMPLIFIED.has(ch)) simplified++;
      inWord = false;
    } else if (SYLLABIC.test(ch)) {
      foreign++;
      inWord = false;
    } else if (BOPOMOFO.test(ch)) {
      inWord = false;
    } else if (inWord && WORD_INNER.test(ch)) {
      // continues the current word
    } else if (LETTER.test(ch)) {
      foreign++;
      inWord = true;
    } else {
      inWord = false;
    }
  }
  const distinctive = traditional + simplified;
  const traditionalShare = distinctive === 0 ? 0 : traditional / distinctive;
  const foreignShare = han + foreign === 0 ? 0 : foreign / (han + foreign);
  const flags: ScriptFlag[] = [];
  const isForeign = foreign >= MIN_FOREIGN && foreignShare >= FOREIGN_FLAG_SHARE;
  // A foreign post is a 外文帖 whatever its Han look like: Japanese kanji share many traditional forms (話 達 飲).
  if (!isForeign && distinctive >= MIN_DISTINCTIVE && traditionalShare > TRADITIONAL_FLAG_SHARE)
    flags.push("traditional");
  if (isForeign) flags.push("foreign");
  return { han, traditional, simplified, foreign, traditionalShare, foreignShare, flags };
}

/** The figures as whole percents, as the referee and the editor show them. */
export function scriptMixPercent(text: string): {
  traditionalPercent: number;
  foreignPercent: number;
  flags: ScriptFlag[];
} {
  const mix = scriptMix(text);
  return {
    traditionalPercent: Math.round(mix.traditionalShare * 100),
    foreignPercent: Math.round(mix.foreignShare * 100),
    flags: mix.flags,
  };
}
