import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import com.anbang.qipai.wenzhoushuangkou.cqrs.c.domain.WenzhouShuangkouAllKedaPaiSolutionsGenerator;
import com.anbang.qipai.wenzhoushuangkou.cqrs.c.domain.WenzhouShuangkouDianShuZuYaPaiSolutionCalculator;
import com.anbang.qipai.wenzhoushuangkou.cqrs.c.domain.WenzhouShuangkouZaDanYaPaiSolutionCalculator;
import com.anbang.qipai.wenzhoushuangkou.cqrs.c.domain.WenzhouShuangkouZhadanComparator;
import com.dml.puke.pai.DianShu;
import com.dml.puke.pai.PukePai;
import com.dml.puke.pai.PukePaiMian;
import com.dml.puke.wanfa.dianshu.dianshuzu.DanzhangDianShuZu;
import com.dml.puke.wanfa.dianshu.dianshuzu.DianShuZu;
import com.dml.puke.wanfa.dianshu.dianshuzu.DuiziDianShuZu;
import com.dml.puke.wanfa.dianshu.dianshuzu.comparator.NoZhadanDanGeDianShuZuComparator;
import com.dml.puke.wanfa.dianshu.dianshuzu.comparator.TongDengLianXuDianShuZuComparator;
import com.dml.shuangkou.player.action.da.solution.DaPaiDianShuSolution;
import com.dml.shuangkou.wanfa.BianXingWanFa;

/**
 * Records the answers of the 温州双扣 move generator (zhengchengdong/shuangkou.dml and puke.dml, wired
 * as hangzhouanbang/qipai_wenzhoushuangkou's PukeGame wires them) in its plain mode (bubian: no wild
 * jokers), for paixing's tests/peers/test_shuangkou_anbang.py. Ours; compiled beside the peer's
 * sources by record.sh, never part of paixing. Usage: java Harness SEED > shuangkou_peer.json
 */
public class Harness {
	static final String[] TOKEN = { "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ" };
	static final WenzhouShuangkouAllKedaPaiSolutionsGenerator LEAD = new WenzhouShuangkouAllKedaPaiSolutionsGenerator();
	static final WenzhouShuangkouDianShuZuYaPaiSolutionCalculator SAME = new WenzhouShuangkouDianShuZuYaPaiSolutionCalculator();
	static final WenzhouShuangkouZaDanYaPaiSolutionCalculator BOMBS = new WenzhouShuangkouZaDanYaPaiSolutionCalculator();
	static final PukePaiMian[] FACE = new PukePaiMian[15];

	static {
		// wired as PukeGame.createJuAndStartFirstPan does, with BianXingWanFa.bubian
		WenzhouShuangkouZhadanComparator bombs = new WenzhouShuangkouZhadanComparator();
		TongDengLianXuDianShuZuComparator chains = new TongDengLianXuDianShuZuComparator();
		LEAD.setBx(BianXingWanFa.bubian);
		LEAD.setZhadanComparator(bombs);
		LEAD.setLianXuDianShuZuComparator(chains);
		SAME.setBx(BianXingWanFa.bubian);
		SAME.setDanGeDianShuZuComparator(new NoZhadanDanGeDianShuZuComparator());
		SAME.setLianXuDianShuZuComparator(chains);
		BOMBS.setBx(BianXingWanFa.bubian);
		BOMBS.setZhadanComparator(bombs);
		for (PukePaiMian m : PukePaiMian.values()) {
			if (FACE[m.dianShu().ordinal()] == null) {
				FACE[m.dianShu().ordinal()] = m;
			}
		}
	}

	static Random rng;

	static int[] deck() {
		int[] d = new int[108];
		int k = 0;
		for (int r = 0; r < 13; r++) {
			for (int i = 0; i < 8; i++) {
				d[k++] = r;
			}
		}
		d[k++] = 13; d[k++] = 13; d[k++] = 14; d[k++] = 14;
		return d;
	}

	static int[] shuffled() {
		int[] d = deck();
		for (int i = d.length - 1; i > 0; i--) {
			int j = rng.nextInt(i + 1);
			int t = d[i]; d[i] = d[j]; d[j] = t;
		}
		return d;
	}

	static int[] counts(int[] cards, int from, int n) {
		int[] c = new int[15];
		for (int i = from; i < from + n; i++) {
			c[cards[i]]++;
		}
		return c;
	}

	static Map<Integer, PukePai> pai(int[] counts) {
		Map<Integer, PukePai> m = new HashMap<>();
		int id = 0;
		for (int r = 0; r < 15; r++) {
			for (int i = 0; i < counts[r]; i++) {
				PukePai p = new PukePai();
				p.setId(id++);
				p.setPaiMian(FACE[r]);
				m.put(p.getId(), p);
			}
		}
		return m;
	}

	static String type(DaPaiDianShuSolution s) {
		DianShuZu z = s.getDianShuZu();
		return z == null ? "null" : z.getClass().getSimpleName().replace("DianShuZu", "");
	}

	static int[] used(DaPaiDianShuSolution s) {
		int[] c = new int[15];
		for (DianShu d : s.getDachuDianShuArray()) {
			c[d.ordinal()]++;
		}
		return c;
	}

	static String ranks(int[] c) {
		StringBuilder b = new StringBuilder();
		for (int r = 0; r < 15; r++) {
			for (int i = 0; i < c[r]; i++) {
				b.append(b.length() == 0 ? "" : " ").append(TOKEN[r]);
			}
		}
		return b.toString();
	}

	static String key(DaPaiDianShuSolution s) {
		return type(s) + " " + ranks(used(s));
	}

	static List<DaPaiDianShuSolution> leads(int[] counts) {
		return new ArrayList<>(LEAD.generateAllKedaPaiSolutions(pai(counts)).values());
	}

	static List<DaPaiDianShuSolution> answers(int[] counts, DianShuZu last) {
		List<DaPaiDianShuSolution> out = new ArrayList<>(SAME.calculate(last, counts).values());
		out.addAll(BOMBS.calculate(last, counts).values());
		return out;
	}

	static String json(String s) {
		return "\"" + s + "\"";
	}

	static String list(Iterable<String> items) {
		StringBuilder b = new StringBuilder("[");
		for (String s : items) {
			b.append(b.length() == 1 ? "" : ", ").append(json(s));
		}
		return b.append("]").toString();
	}

	static TreeSet<String> keys(List<DaPaiDianShuSolution> sols) {
		TreeSet<String> k = new TreeSet<>();
		for (DaPaiDianShuSolution s : sols) {
			k.add(key(s));
		}
		return k;
	}

	static boolean bothJokers(int[] counts) {
		return counts[13] > 0 && counts[14] > 0;
	}

	/**
	 * The peer's readings of exactly these cards: its lead solutions that use all of them. With a
	 * black and a red joker the lead generator throws (bubian gives the BJ+RJ "pair" a null type,
	 * WenzhouShuangkouAllKedaPaiSolutionsGenerator.java:62-69, and hashing it fails); such a set
	 * is read instead by the peer's answer calculators against a single 3 and a pair of 3s (which
	 * list every play of the hand of that type, and every bomb).
	 */
	static List<DaPaiDianShuSolution> readings(int[] counts) {
		List<DaPaiDianShuSolution> out = new ArrayList<>();
		List<DaPaiDianShuSolution> all = new ArrayList<>();
		if (bothJokers(counts)) {
			all.addAll(answers(counts, new DanzhangDianShuZu(DianShu.san)));
			all.addAll(answers(counts, new DuiziDianShuZu(DianShu.san)));
		} else {
			all.addAll(leads(counts));
		}
		for (DaPaiDianShuSolution s : all) {
			if (Arrays.equals(used(s), counts)) {
				out.add(s);
			}
		}
		return out;
	}

	/** A random play of a random hand, the type drawn first so that rarer types come up. */
	static DaPaiDianShuSolution randomPlay(int[] hand, String wantType, int wantSize) {
		int[] noRed = hand.clone();
		noRed[14] = bothJokers(hand) ? 0 : hand[14];
		List<DaPaiDianShuSolution> all = leads(noRed);
		all.addAll(answers(hand, new DanzhangDianShuZu(DianShu.san)));
		Map<String, List<DaPaiDianShuSolution>> byType = new HashMap<>();
		for (DaPaiDianShuSolution s : all) {
			if (s.getDianShuZu() != null) {
				byType.computeIfAbsent(type(s), t -> new ArrayList<>()).add(s);
			}
		}
		List<String> types = new ArrayList<>(new TreeSet<>(byType.keySet()));
		if (wantType != null && byType.containsKey(wantType)) {
			List<DaPaiDianShuSolution> same = new ArrayList<>();
			for (DaPaiDianShuSolution s : byType.get(wantType)) {
				if (s.getDachuDianShuArray().length == wantSize) {
					same.add(s);
				}
			}
			if (same.isEmpty() || rng.nextInt(5) == 0) {
				same = byType.get(wantType);
			}
			return same.get(rng.nextInt(same.size()));
		}
		List<DaPaiDianShuSolution> pick = byType.get(types.get(rng.nextInt(types.size())));
		return pick.get(rng.nextInt(pick.size()));
	}

	static int handSize() {
		return rng.nextInt(3) == 0 ? 27 : 8 + rng.nextInt(19);
	}

	public static void main(String[] args) {
		long seed = Long.parseLong(args[0]);
		int nLeads = Integer.parseInt(args[1]);
		int nAnswers = Integer.parseInt(args[2]);
		int nCompares = Integer.parseInt(args[3]);
		rng = new Random(seed);
		StringBuilder out = new StringBuilder();
		int skipped = 0;
		for (int i = 0; i < nLeads; i++) {
			int n = handSize();
			int[] hand = counts(shuffled(), 0, n);
			if (bothJokers(hand)) { // the lead generator throws on these (see readings)
				skipped++;
				i--;
				continue;
			}
			out.append("{\"kind\": \"lead\", \"hand\": ").append(json(ranks(hand))).append(", \"plays\": ")
					.append(list(keys(leads(hand)))).append("}\n");
		}
		for (int i = 0; i < nAnswers; i++) {
			int[] d = shuffled();
			int[] other = counts(d, 0, 27);
			int n = handSize();
			int[] hand = counts(d, 27, n);
			DaPaiDianShuSolution last = randomPlay(other, null, 0);
			out.append("{\"kind\": \"answer\", \"hand\": ").append(json(ranks(hand))).append(", \"last\": ")
					.append(json(key(last))).append(", \"plays\": ").append(list(keys(answers(hand, last.getDianShuZu()))))
					.append("}\n");
		}
		for (int i = 0; i < nCompares; i++) {
			int[] d = shuffled();
			DaPaiDianShuSolution last = randomPlay(counts(d, 0, 27), null, 0);
			boolean bomb = rng.nextInt(4) == 0;
			DaPaiDianShuSolution play = randomPlay(counts(d, 27, 27), bomb ? "DanGeZhadan" : type(last),
					last.getDachuDianShuArray().length);
			int[] cards = used(play);
			boolean beats = false;
			for (DaPaiDianShuSolution s : answers(cards, last.getDianShuZu())) {
				beats |= Arrays.equals(used(s), cards);
			}
			out.append("{\"kind\": \"compare\", \"play\": ").append(json(ranks(cards))).append(", \"last\": ")
					.append(json(ranks(used(last)))).append(", \"last_reading\": ").append(json(key(last)))
					.append(", \"play_readings\": ").append(list(keys(readings(cards))))
					.append(", \"last_readings\": ").append(list(keys(readings(used(last)))))
					.append(", \"peer_beats\": ").append(beats).append("}\n");
		}
		// every ordered pair of a fixed list of bombs: 4–8 of a kind of 3, 10 and 2, and the joker bombs
		List<int[]> bombs = new ArrayList<>();
		for (int r : new int[] { 0, 7, 12 }) {
			for (int n = 4; n <= 8; n++) {
				int[] c = new int[15];
				c[r] = n;
				bombs.add(c);
			}
		}
		for (int[] j : new int[][] { { 2, 1 }, { 1, 2 }, { 2, 2 } }) {
			int[] c = new int[15];
			c[13] = j[0];
			c[14] = j[1];
			bombs.add(c);
		}
		for (int[] play : bombs) {
			for (int[] lastCards : bombs) {
				if (play == lastCards) {
					continue;
				}
				DianShuZu last = readings(lastCards).get(0).getDianShuZu();
				boolean beats = false;
				for (DaPaiDianShuSolution s : answers(play, last)) {
					beats |= Arrays.equals(used(s), play);
				}
				out.append("{\"kind\": \"compare\", \"play\": ").append(json(ranks(play))).append(", \"last\": ")
						.append(json(ranks(lastCards))).append(", \"last_reading\": ")
						.append(json(key(readings(lastCards).get(0)))).append(", \"play_readings\": ")
						.append(list(keys(readings(play)))).append(", \"last_readings\": ")
						.append(list(keys(readings(lastCards)))).append(", \"peer_beats\": ").append(beats)
						.append("}\n");
			}
		}
		out.append("{\"kind\": \"meta\", \"seed\": ").append(seed).append(", \"lead_hands_skipped\": ")
				.append(skipped).append("}\n");
		System.out.print(out);
	}
}
