// A 7 Colors bot in C++, standard library only: it plays the first legal colour.
// TestEveryLanguagePlaysInTheSandbox compiles it (g++ -O2) and runs the binary inside the
// sandbox.
#include <iostream>
#include <string>

// after is what follows "key": in line (spaces skipped), or npos.
static std::string::size_type after(const std::string &line, const std::string &key) {
    std::string::size_type i = line.find("\"" + key + "\"");
    if (i == std::string::npos) return i;
    i = line.find(':', i);
    if (i == std::string::npos) return i;
    return line.find_first_not_of(" \t", i + 1);
}

// str is the string value of key ("" when there is none).
static std::string str(const std::string &line, const std::string &key) {
    std::string::size_type i = after(line, key);
    if (i == std::string::npos || line[i] != '"') return "";
    std::string::size_type j = line.find('"', i + 1);
    return j == std::string::npos ? "" : line.substr(i + 1, j - i - 1);
}

// number is the integer at i in line ("" when there is none).
static std::string number(const std::string &line, std::string::size_type i) {
    if (i == std::string::npos) return "";
    std::string::size_type j = line.find_first_not_of("-0123456789", i);
    return line.substr(i, (j == std::string::npos ? line.size() : j) - i);
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        const std::string type = str(line, "type");
        if (type == "ping") {
            std::cout << "{\"type\":\"pong\"}\n";
        } else if (type == "turn") {
            const std::string match = str(line, "match"), id = number(line, after(line, "id"));
            std::string::size_type l = after(line, "legal");
            const std::string action = l == std::string::npos || line[l] != '[' ? ""
                : number(line, line.find_first_not_of(" \t", l + 1));
            if (match.empty() || id.empty() || action.empty()) {
                std::cerr << "a turn I cannot read: " << line << std::endl;
                continue;
            }
            std::cout << "{\"type\":\"action\",\"match\":\"" << match << "\",\"id\":" << id << ",\"action\":" << action << "}\n";
        }
        std::cout.flush();
    }
    return 0;
}
