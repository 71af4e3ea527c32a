package ai;

import java.util.*;

/** Records FindFirstOutCard / FindBigger answers as JSON lines (run outside paixing). */
public class Harness {
    static String name(int i) { return i == 8 ? "10" : Logic.CardName[i - 1]; }

    static String cards(int[] c) {
        int[] s = c.clone();
        Arrays.sort(s);
        StringBuilder b = new StringBuilder("[");
        for (int k = 0; k < s.length; k++) { if (k > 0) b.append(','); b.append('"').append(name(s[k])).append('"'); }
        return b.append(']').toString();
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Random rng = new Random(Long.parseLong(args[1]));
        Table t = new Table();
        t.A = new Robot(t, 0); t.B = new Robot(t, 1); t.C = new Robot(t, 2);
        t.A.next = t.B; t.B.next = t.C; t.C.next = t.A;
        Logic l = new Logic(t);
        for (int i = 0; i < n; i++) {
            List<Integer> deck = new ArrayList<>();
            for (int c : Logic.AllCard) deck.add(c);
            Collections.shuffle(deck, rng);
            t.A.Clear(); t.B.Clear();
            int size = rng.nextBoolean() ? 16 : 1 + rng.nextInt(16);
            for (int k = 0; k < 16; k++) t.B.AddCard(deck.get(k));
            for (int k = 16; k < 16 + size; k++) t.A.AddCard(deck.get(k));
            ArrayList<CardInfo> leads = l.FindFirstOutCard(t.B);
            List<CardInfo> rare = new ArrayList<>();
            for (CardInfo c : leads) {
                CardType ty = c.type;
                if (ty != CardType.ct_single && ty != CardType.ct_double && ty != CardType.ct_three_plus_two
                        && ty != CardType.ct_three_plus_one && ty != CardType.ct_continue) rare.add(c);
            }
            List<CardInfo> pool = (!rare.isEmpty() && rng.nextBoolean()) ? rare : leads;
            CardInfo last = pool.get(rng.nextInt(pool.size()));
            if (last.type == CardType.ct_four_plus_three) continue;  // its lead is built with 8 slots for 7 cards
            int[] hand = new int[t.A.cardnum];
            int h = 0;
            for (int r = 1; r <= 15; r++) for (int k = 0; k < t.A.cardmap[r]; k++) hand[h++] = r;
            ArrayList<CardInfo> resp = l.FindBigger(t.A, last);
            StringBuilder b = new StringBuilder();
            b.append("{\"id\":\"respond-").append(String.format("%03d", i)).append("\",\"kind\":\"respond\"");
            b.append(",\"hand\":").append(cards(hand));
            b.append(",\"last\":").append(cards(last.cardstr)).append(",\"last_type\":\"").append(last.type)
             .append("\",\"last_max\":\"").append(name(last.max)).append('"');
            b.append(",\"responses\":[");
            for (int k = 0; k < resp.size(); k++) {
                CardInfo c = resp.get(k);
                if (k > 0) b.append(',');
                b.append("{\"cards\":").append(cards(c.cardstr)).append(",\"type\":\"").append(c.type).append("\"}");
            }
            b.append("]}");
            System.out.println(b);
        }
    }
}
