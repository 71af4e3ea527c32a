// A driver for the move generator of YuriCat/FujiGokoroUECda (UECda rules), built OUTSIDE paixing
// against a checkout of that repository (see record_fuji_daifugo.py). It reads one question a
// line and answers one line:
//   lead|ORDER|HAND                        -> every move genLead makes from HAND
//   follow|ORDER|LOCK|HAND|CHARA|USED      -> every move genFollow makes from HAND on the board
//                                             made of USED cards standing for CHARA
// ORDER 0 normal, 1 reversed (revolution); LOCK 1 when the board's suits are locked.
// Cards in paixing's notation (7S 10H RJ); a move is written USED=CHARA (joker: RJ=RJ), moves
// separated by ';', a pass as "pass".
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include "core/action.hpp"

static MoveInfo buffer[8192];

static int rankOf(const std::string& r) {
    static const std::vector<std::string> ranks = {"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"};
    for (size_t i = 0; i < ranks.size(); i++) if (ranks[i] == r) return RANK_3 + (int)i;
    return RANK_NONE;
}

static Cards parse(const std::string& text) {
    Cards c = CARDS_NULL;
    std::istringstream in(text);
    std::string tok;
    while (in >> tok) {
        if (tok == "RJ") { c |= CARDS_JOKER; continue; }
        char s = tok.back();
        int r = rankOf(tok.substr(0, tok.size() - 1));
        unsigned suits = s == 'C' ? SUITS_C : s == 'D' ? SUITS_D : s == 'H' ? SUITS_H : SUITS_S;
        c |= RankSuitsToCards(r, suits);
    }
    return c;
}

static std::string show(Cards c) {
    static const char* ranks[] = {"U", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "O"};
    std::string out;
    for (int r = RANK_U; r <= RANK_O; r++) {
        for (int sn = 0; sn < 4; sn++) {
            if (c & RankSuitsToCards(r, SuitNumToSuits(sn))) {
                if (!out.empty()) out += " ";
                out += std::string(ranks[r]) + "CDHS"[sn];
            }
        }
    }
    if (c & CARDS_JOKER) out += out.empty() ? "RJ" : " RJ";
    return out;
}

static std::string moves(int n) {
    std::string out;
    for (int i = 0; i < n; i++) {
        if (i) out += ";";
        const Move& m = buffer[i];
        if (m.isPASS()) { out += "pass"; continue; }
        out += show(m.cards()) + "=" + show(m.charaCards());
    }
    return out;
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string part;
        while (std::getline(ss, part, '|')) f.push_back(part);
        if (f.empty()) continue;
        if (f[0] == "lead") {
            int n = genLead(buffer, parse(f[2]));
            for (int i = 0; i < n; i++) {}
            std::cout << moves(n) << "\n";
        } else {
            Board b = OrderToNullBoard(std::stoi(f[1]));
            Move m = CardsToMove(parse(f[4]), parse(f[5]));
            b.setMeld(m);
            if (f[2] == "1") b.lockSuits();
            int n = genFollow(buffer, parse(f[3]), b);
            std::cout << moves(n) << "\n";
        }
        std::cout.flush();
    }
    return 0;
}
